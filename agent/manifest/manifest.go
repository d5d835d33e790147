// Package manifest loads agent manifests (agent-manifest/0.1 and 0.2, seed
// 000): a JSON file, or a folder holding manifest.json and the files it
// names. Unknown fields are kept in Extra; a field of the wrong type is
// named in the error. brain.instructions may be inline text or a relative
// .md file whose YAML frontmatter overrides brain fields. [Default] is the
// built-in agent used without a manifest.
package manifest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Manifest is an agent manifest.
type Manifest struct {
	Spec        string          `json:"spec"`
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	ID          *ID             `json:"id,omitempty"`
	Body        Body            `json:"body"`
	Brain       Brain           `json:"brain"`
	Voice       json.RawMessage `json:"voice,omitempty"`
	Skills      []Skill         `json:"skills,omitempty"`
	Memory      Memory          `json:"memory"`
	Tools       []string        `json:"tools,omitempty"`
	Meta        Meta            `json:"meta"`
	// Extra holds every top-level field this version does not know.
	Extra map[string]json.RawMessage `json:"-"`
	// Dir is the folder relative paths resolve against ("" for Default).
	Dir string `json:"-"`
}

// ID is an on-chain identity.
type ID struct {
	Chain    string `json:"chain,omitempty"`
	Registry string `json:"registry,omitempty"`
	AgentID  string `json:"agentId,omitempty"`
	Owner    string `json:"owner,omitempty"`
}

// Body names the 3D model.
type Body struct {
	URI               string  `json:"uri,omitempty"`
	Format            string  `json:"format,omitempty"`
	Rig               string  `json:"rig,omitempty"`
	BoundingBoxHeight float64 `json:"boundingBoxHeight,omitempty"`
}

// Brain configures the model. Instructions holds the persona text after
// loading (a .md file's contents without its frontmatter).
type Brain struct {
	Provider     string   `json:"provider,omitempty"`
	Model        string   `json:"model,omitempty"`
	Instructions string   `json:"instructions,omitempty"`
	Temperature  *float64 `json:"temperature,omitempty"`
	MaxTokens    int      `json:"maxTokens,omitempty"`
	BaseURL      string   `json:"baseURL,omitempty"`
	MaxRounds    int      `json:"maxRounds,omitempty"`
}

// Skill references a skill bundle. Name and Description are optional: a
// bundle's own SKILL metadata normally carries them.
type Skill struct {
	URI         string `json:"uri"`
	Version     string `json:"version,omitempty"`
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
}

// Label is the skill's name, or the last element of its URI
// ("ipfs://bafy…/football-drills/" → "football-drills").
func (s Skill) Label() string {
	if s.Name != "" {
		return s.Name
	}
	u := strings.TrimRight(s.URI, "/")
	if i := strings.LastIndexAny(u, "/:"); i >= 0 {
		u = u[i+1:]
	}
	if u == "" {
		return s.URI
	}
	return u
}

// Memory configures memory.
type Memory struct {
	Mode      string `json:"mode,omitempty"`
	Index     string `json:"index,omitempty"`
	MaxTokens int    `json:"maxTokens,omitempty"`
}

// Meta holds editor data; Edits.Animations is the animation slot map.
type Meta struct {
	Edits struct {
		Animations map[string]string `json:"animations,omitempty"`
	} `json:"edits"`
}

// Specs are the manifest versions understood.
var Specs = []string{"agent-manifest/0.1", "agent-manifest/0.2"}

// DefaultMemoryTokens caps the <memory> block when the manifest does not.
const DefaultMemoryTokens = 8192

// Load reads a manifest file, or path/manifest.json when path is a folder.
func Load(path string) (*Manifest, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, "manifest.json")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	m, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("manifest %s: %w", path, err)
	}
	m.Dir = filepath.Dir(path)
	if err := m.resolveInstructions(); err != nil {
		return nil, fmt.Errorf("manifest %s: %w", path, err)
	}
	return m, nil
}

// Parse decodes manifest JSON field by field, so that an error names the
// field, and keeps unknown fields.
func Parse(data []byte) (*Manifest, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("not a JSON object: %w", err)
	}
	m := &Manifest{Extra: map[string]json.RawMessage{}}
	fields := map[string]any{"spec": &m.Spec, "name": &m.Name, "description": &m.Description, "id": &m.ID,
		"body": &m.Body, "brain": &m.Brain, "voice": &m.Voice, "skills": &m.Skills, "memory": &m.Memory,
		"tools": &m.Tools, "meta": &m.Meta}
	for k, v := range raw {
		dst, ok := fields[k]
		if !ok {
			m.Extra[k] = v
			continue
		}
		if err := strictDecode(v, dst); err != nil {
			return nil, fmt.Errorf("field %q: %w", fieldPath(k, err), err)
		}
	}
	if m.Spec != "" && !contains(Specs, m.Spec) {
		return nil, fmt.Errorf("field \"spec\": %q is not one of %s", m.Spec, strings.Join(Specs, ", "))
	}
	if strings.TrimSpace(m.Name) == "" {
		return nil, fmt.Errorf("field \"name\": required")
	}
	if m.Memory.MaxTokens == 0 {
		m.Memory.MaxTokens = DefaultMemoryTokens
	}
	return m, nil
}

func strictDecode(v json.RawMessage, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(v))
	return dec.Decode(dst)
}

// fieldPath adds the nested field an UnmarshalTypeError names.
func fieldPath(top string, err error) string {
	var te *json.UnmarshalTypeError
	if ok := asTypeError(err, &te); ok && te.Field != "" {
		return top + "." + te.Field
	}
	return top
}

func asTypeError(err error, out **json.UnmarshalTypeError) bool {
	te, ok := err.(*json.UnmarshalTypeError)
	if ok {
		*out = te
	}
	return ok
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// MarshalJSON writes the manifest with its unknown fields.
func (m *Manifest) MarshalJSON() ([]byte, error) {
	type plain Manifest
	b, err := json.Marshal((*plain)(m))
	if err != nil || len(m.Extra) == 0 {
		return b, err
	}
	var all map[string]json.RawMessage
	_ = json.Unmarshal(b, &all)
	for k, v := range m.Extra {
		all[k] = v
	}
	return json.Marshal(all)
}
