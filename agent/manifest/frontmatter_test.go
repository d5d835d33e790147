package manifest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loadWith writes a manifest whose brain.instructions is the testdata file
// name (absolute) over a brain the frontmatter may override, and loads it.
func loadWith(t *testing.T, name string) (*Manifest, error) {
	t.Helper()
	md, err := filepath.Abs(filepath.Join("testdata", "frontmatter", name))
	if err != nil {
		t.Fatal(err)
	}
	js, _ := json.Marshal(map[string]any{"spec": "agent-manifest/0.2", "name": "Leo",
		"brain": map[string]any{"provider": "anthropic", "model": "claude-x", "instructions": md, "temperature": 0.8}})
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), js, 0o644); err != nil {
		t.Fatal(err)
	}
	return Load(dir)
}

func f64(f float64) *float64 { return &f }

// TestFrontmatter: real YAML — nested brain fields, quoted strings, lists
// and mappings beside them, comments, dotted keys, null, CRLF and a BOM —
// overrides the manifest's brain; the body is the persona.
func TestFrontmatter(t *testing.T) {
	for _, c := range []struct {
		file string
		want Brain
	}{
		{"nested.md", Brain{Provider: "openai", Model: "gpt-4.1-mini", Temperature: f64(0.25), MaxRounds: 5, MaxTokens: 900,
			BaseURL: "https://openrouter.ai/api/v1/", Instructions: "You are Leo, a football coach.\n\n---\n\nKeep drills short."}},
		{"flat.md", Brain{Provider: "anthropic", Model: "claude-y", Temperature: f64(0.3), MaxRounds: 4, Instructions: "You are Leo."}},
		{"crlf_bom.md", Brain{Provider: "anthropic", Model: "qwen3:8b", Temperature: f64(0.8), MaxTokens: 512, Instructions: "You are Mia."}},
		{"none.md", Brain{Provider: "anthropic", Model: "claude-x", Temperature: f64(0.8),
			Instructions: "You are Mia.\n\n---\n\nA rule above, not frontmatter."}},
		{"empty.md", Brain{Provider: "anthropic", Model: "claude-x", Temperature: f64(0.8), Instructions: "You are Mia."}},
	} {
		t.Run(c.file, func(t *testing.T) {
			m, err := loadWith(t, c.file)
			if err != nil {
				t.Fatal(err)
			}
			got := m.Brain
			if got.Temperature == nil || *got.Temperature != *c.want.Temperature {
				t.Errorf("temperature %v, want %v", got.Temperature, *c.want.Temperature)
			}
			got.Temperature, c.want.Temperature = nil, nil
			if got != c.want {
				t.Errorf("brain\n got %+v\nwant %+v", got, c.want)
			}
		})
	}
}

// TestFrontmatterErrors: bad YAML or a bad field is an error naming the
// file, the field and the line in the file.
func TestFrontmatterErrors(t *testing.T) {
	for file, want := range map[string][]string{
		"bad_yaml.md":            {"bad_yaml.md: frontmatter is not valid YAML", "line 3: mapping values are not allowed"},
		"bad_temperature.md":     {"bad_temperature.md", `field "brain.temperature" (line 5): want a number, got "hot"`},
		"bad_list.md":            {"bad_list.md", `field "brain.model" (line 2): want a single value, got a list`},
		"bad_rounds.md":          {`field "brain.maxRounds" (line 3): want a whole number ≥ 0, got "five"`},
		"unknown_brain_field.md": {`field "brain.temprature" (line 3): unknown brain field`},
		"unclosed.md":            {"unclosed.md", "never closed"},
		"not_a_mapping.md":       {"not_a_mapping.md", `want "key: value" lines`},
	} {
		t.Run(file, func(t *testing.T) {
			_, err := loadWith(t, file)
			if err == nil {
				t.Fatal("loaded")
			}
			for _, w := range append(want, "manifest ", "manifest.json") {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// TestSkillLabel: a skill's name, else its URI's last element.
func TestSkillLabel(t *testing.T) {
	for s, want := range map[Skill]string{
		{URI: "skills/wave/"}:                        "wave",
		{URI: "ipfs://bafy123/football-drills/"}:     "football-drills",
		{URI: "skills/wave/", Name: "Big wave"}:      "Big wave",
		{URI: "agent://base/42"}:                     "42",
		{URI: "drills"}:                              "drills",
		{URI: "https://example.com/skills/juggling"}: "juggling",
	} {
		if got := s.Label(); got != want {
			t.Errorf("%+v: %q, want %q", s, got, want)
		}
	}
}
