package manifest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// resolveInstructions loads brain.instructions from a .md file next to the
// manifest, applying its frontmatter to the brain.
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
	front, body := SplitFrontmatter(string(data))
	if err := m.Brain.apply(front); err != nil {
		return fmt.Errorf("%s frontmatter: %w", ins, err)
	}
	m.Brain.Instructions = strings.TrimSpace(body)
	return nil
}

// SplitFrontmatter separates a leading "---" YAML block of flat
// "key: value" lines from the markdown body.
func SplitFrontmatter(doc string) (map[string]string, string) {
	doc = strings.TrimPrefix(doc, "\ufeff")
	if !strings.HasPrefix(doc, "---\n") && !strings.HasPrefix(doc, "---\r\n") {
		return nil, doc
	}
	rest := doc[strings.Index(doc, "\n")+1:]
	end := strings.Index(rest, "\n---")
	if end < 0 {
		return nil, doc
	}
	front := map[string]string{}
	for _, line := range strings.Split(rest[:end], "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		k = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(k), "brain."))
		front[k] = strings.Trim(strings.TrimSpace(v), `"'`)
	}
	body := rest[end+4:]
	if i := strings.Index(body, "\n"); i >= 0 {
		body = body[i+1:]
	} else {
		body = ""
	}
	return front, body
}

// apply sets brain fields from frontmatter.
func (b *Brain) apply(front map[string]string) error {
	for k, v := range front {
		switch k {
		case "provider":
			b.Provider = v
		case "model":
			b.Model = v
		case "baseURL", "base_url":
			b.BaseURL = v
		case "temperature":
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return fmt.Errorf("temperature: want a number, got %q", v)
			}
			b.Temperature = &f
		case "maxTokens", "max_tokens":
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("maxTokens: want an integer, got %q", v)
			}
			b.MaxTokens = n
		case "maxRounds":
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("maxRounds: want an integer, got %q", v)
			}
			b.MaxRounds = n
		}
	}
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
