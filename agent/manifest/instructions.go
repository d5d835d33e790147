package manifest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// resolveInstructions loads brain.instructions from a .md file next to the
// manifest, applying its YAML frontmatter to the brain.
func (m *Manifest) resolveInstructions() error {
	ins := strings.TrimSpace(m.Brain.Instructions)
	if !strings.HasSuffix(ins, ".md") || strings.ContainsAny(ins, "\n") {
		return nil
	}
	path := ins
	if !filepath.IsAbs(path) {
		path = filepath.Join(m.Dir, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("field \"brain.instructions\": %w", err)
	}
	front, body, ok, err := SplitFrontmatter(string(data))
	if err == nil && ok {
		err = m.Brain.applyFrontmatter(front)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	m.Brain.Instructions = strings.TrimSpace(body)
	return nil
}

// Default is the built-in agent: a warm companion with every built-in tool.
func Default() *Manifest {
	return &Manifest{Spec: "agent-manifest/0.2", Name: "Kin",
		Description: "A warm desktop companion",
		Brain:       Brain{Instructions: DefaultPersona},
		Memory:      Memory{Mode: "local", MaxTokens: DefaultMemoryTokens},
		Extra:       map[string]json.RawMessage{}}
}

// DefaultPersona is the built-in agent's instructions.
const DefaultPersona = `You are Kin, a small 3D companion who lives on the user's desktop. You are warm, curious and
playful, and you keep your answers short — one to three sentences unless asked for more — because
they appear in a speech bubble. You have a body: greet with a wave, look at the user when you talk
to them, and let your face show how you feel with setExpression. When the user tells you something
worth keeping (their name, what they are working on, how they like you to behave), remember it.
Never pretend to have done something you did not do.`
