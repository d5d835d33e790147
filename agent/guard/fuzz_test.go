package guard

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzRepairArgs: whatever a model writes, a repair it accepts is a JSON
// object; it never panics.
func FuzzRepairArgs(f *testing.F) {
	for _, s := range []string{`{"a":1}`, "```json\n{'a': 1,}\n```", `"{\"a\":1}"`, `{"a":1`, "", "null", "[1]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, ok := RepairArgs(json.RawMessage(s))
		var m map[string]any
		if ok && json.Unmarshal(out, &m) != nil {
			t.Fatalf("RepairArgs(%q) = %q, accepted but not a JSON object", s, out)
		}
	})
}

// FuzzTextCalls: calls written as text come out with a name and object
// arguments, and the rest of the text never grows.
func FuzzTextCalls(f *testing.F) {
	f.Add(`Sure. <tool_call>{"name":"wave","arguments":{}}</tool_call> done`)
	f.Add(`<tool_call>{"name":"x","arguments":"{\"a\":1}"}</tool_call>`)
	f.Add(`<tool_call>{nope}</tool_call>`)
	f.Fuzz(func(t *testing.T, s string) {
		calls, rest := TextCalls(s)
		if len(rest) > len(s) {
			t.Fatalf("rest %q is longer than the text %q", rest, s)
		}
		for _, c := range calls {
			if strings.TrimSpace(c.Name) == "" || !json.Valid(c.Args) && len(c.Args) > 0 {
				t.Fatalf("call %+v from %q", c, s)
			}
		}
	})
}
