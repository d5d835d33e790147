package data_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/data"
)

// TestFamily pins the names, argument names and metadata other parts of
// kin rely on.
func TestFamily(t *testing.T) {
	want := []struct {
		name string
		args []string
	}{
		{"parse_json", []string{"text", "path"}},
		{"parse_csv", []string{"text", "delimiter", "header", "max_rows"}},
	}
	got := data.Tools(data.Config{})
	if len(got) != len(want) {
		t.Fatalf("%d tools, want %d", len(got), len(want))
	}
	for i, w := range want {
		tl := got[i]
		if tl.Name != w.name {
			t.Fatalf("tool %d is %s, want %s", i, tl.Name, w.name)
		}
		var schema struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		}
		if err := json.Unmarshal(tl.Schema, &schema); err != nil || schema.Type != "object" {
			t.Errorf("%s: schema %s: %v", w.name, tl.Schema, err)
		}
		for _, a := range w.args {
			if _, ok := schema.Properties[a]; !ok {
				t.Errorf("%s: schema lacks %q", w.name, a)
			}
		}
		if len(schema.Required) != 1 || schema.Required[0] != "text" {
			t.Errorf("%s: required %v, want [text]", w.name, schema.Required)
		}
		if len(strings.TrimSpace(tl.Description)) < 200 || tl.Assess == nil || tl.Run == nil {
			t.Errorf("%s: description, Assess or Run missing", w.name)
		}
		if m := tl.Meta; m.Risk != tools.Low || !m.ReadOnly || !m.ConcurrencySafe {
			t.Errorf("%s: meta %+v, want low risk, read-only, concurrency-safe", w.name, m)
		}
	}
}

func TestAssess(t *testing.T) {
	for _, c := range []struct {
		tool, args, want string
	}{
		{"parse_json", `{"text":"{}"}`, "check that a text is valid JSON"},
		{"parse_json", `{"text":"{}","path":"$.a[*]"}`, "pick $.a[*] out of a JSON text"},
		{"parse_json", `not json`, "check that a text is valid JSON"},
		{"parse_csv", `{"text":"a,b\n1,2\n3,4\n"}`, "read a CSV text of about 3 lines into rows"},
		{"parse_csv", `{"text":"a"}`, "read a CSV text of about 1 line into rows"},
	} {
		a := tool(t, data.Config{}, c.tool).Grade(json.RawMessage(c.args))
		if a.Summary != c.want || a.Risk != tools.Low {
			t.Errorf("%s %s: %+v, want %q", c.tool, c.args, a, c.want)
		}
	}
}

func TestMissingText(t *testing.T) {
	for _, name := range []string{"parse_json", "parse_csv"} {
		for _, args := range []string{`{}`, `{"text":"  "}`, `{"text":null}`, ``} {
			_, err := tool(t, data.Config{}, name).Run(t.Context(), json.RawMessage(args))
			if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "text") {
				t.Errorf("%s %s: %v", name, args, err)
			}
		}
		_, err := call(t, tool(t, data.Config{MaxInput: 10}, name), map[string]any{"text": strings.Repeat("1", 11)})
		if err == nil || !strings.Contains(err.Error(), "11 bytes, more than the 10") {
			t.Errorf("%s over the input cap: %v", name, err)
		}
	}
}
