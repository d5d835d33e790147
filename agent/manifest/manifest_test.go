package manifest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadFolder(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(`{"spec":"agent-manifest/0.2","name":"Coach Leo",
 "id":{"chain":"base","agentId":"42"},"brain":{"provider":"anthropic","model":"claude-x","instructions":"instructions.md","temperature":0.8},
 "memory":{"mode":"local"},"tools":["wave","lookAt"],"meta":{"edits":{"animations":{"celebrate":"Victory"}}},"permissions":{"x":1}}`), 0o644)
	os.WriteFile(filepath.Join(dir, "instructions.md"), []byte("---\nmodel: claude-y\ntemperature: 0.3\n---\nYou are Leo.\n"), 0o644)
	m, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Brain.Instructions != "You are Leo." || m.Brain.Model != "claude-y" || *m.Brain.Temperature != 0.3 ||
		m.Memory.MaxTokens != 8192 || m.Meta.Edits.Animations["celebrate"] != "Victory" || m.ID.AgentID != "42" {
		t.Errorf("%+v", m)
	}
	if _, ok := m.Extra["permissions"]; !ok {
		t.Error("unknown field dropped")
	}
	b, _ := m.MarshalJSON()
	if !strings.Contains(string(b), `"permissions"`) {
		t.Error("unknown field not written back")
	}
}

func TestBadField(t *testing.T) {
	for js, want := range map[string]string{
		`{"name":"A","brain":{"temperature":"hot"}}`: `"brain.temperature"`,
		`{"name":"A","tools":"wave"}`:                `"tools"`,
		`{"brain":{}}`:                               `"name": required`,
		`{"name":"A","spec":"agent-manifest/9"}`:     `"spec"`,
	} {
		if _, err := Parse([]byte(js)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %s", js, err, want)
		}
	}
}
