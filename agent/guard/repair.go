package guard

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/kin-companion/kin/agent/llm"
)

// Repair is the one bounded repair pass over a round's calls: each call's
// name is matched to a known tool (ignoring case, "_" and "-"), and its
// arguments are fixed when they are not a JSON object (code fences,
// trailing commas, single quotes, unclosed braces). It returns the repaired
// calls and, for each call it could not repair, the reason; such calls go
// back to the model as error results. unknown, if not nil, says why a
// name matches no tool (the registry knows when a tool is not there yet).
func Repair(calls []llm.ToolCall, known []string, unknown func(name string) string) (out []llm.ToolCall, broken map[int]string, repaired int) {
	broken = map[int]string{}
	for i, c := range calls {
		fixed := c
		if name, ok := MatchName(c.Name, known); ok {
			if name != c.Name {
				repaired++
			}
			fixed.Name = name
		} else if unknown != nil {
			broken[i] = unknown(c.Name)
		} else {
			broken[i] = fmt.Sprintf("unknown tool %q; available: %s", c.Name, strings.Join(known, ", "))
		}
		if args, ok := RepairArgs(c.Args); ok {
			if string(args) != string(c.Args) {
				repaired++
			}
			fixed.Args = args
		} else if _, bad := broken[i]; !bad {
			broken[i] = fmt.Sprintf("the arguments of %s are not a JSON object: %.200s", fixed.Name, c.Args)
			fixed.Args = json.RawMessage("{}")
		}
		out = append(out, fixed)
	}
	return out, broken, repaired
}

// MatchName finds the known tool a model meant.
func MatchName(name string, known []string) (string, bool) {
	for _, k := range known {
		if k == name {
			return k, true
		}
	}
	n := normName(name)
	for _, k := range known {
		if normName(k) == n {
			return k, true
		}
	}
	return "", false
}

func normName(s string) string {
	return strings.NewReplacer("_", "", "-", "", " ", "", ".", "").Replace(strings.ToLower(strings.TrimSpace(s)))
}

var (
	fence         = regexp.MustCompile("(?s)^```(?:json)?\\s*(.*?)\\s*```$")
	trailingComma = regexp.MustCompile(`,\s*([}\]])`)
	singleQuoted  = regexp.MustCompile(`'([^'\\]*)'`)
)

// RepairArgs returns args as a valid JSON object, fixing the common
// mistakes of small models; ok is false when no fix works.
func RepairArgs(args json.RawMessage) (json.RawMessage, bool) {
	s := strings.TrimSpace(string(args))
	if s == "" || s == "null" {
		return json.RawMessage("{}"), true
	}
	if isObject(s) {
		return json.RawMessage(s), true
	}
	var inner string // arguments double-encoded as a JSON string
	if json.Unmarshal([]byte(s), &inner) == nil && isObject(inner) {
		return json.RawMessage(inner), true
	}
	if m := fence.FindStringSubmatch(s); m != nil {
		s = m[1]
	}
	s = trailingComma.ReplaceAllString(s, "$1")
	if !isObject(s) && !strings.Contains(s, `"`) {
		s = singleQuoted.ReplaceAllString(s, `"$1"`)
	}
	if open := strings.Count(s, "{") - strings.Count(s, "}"); open > 0 {
		s += strings.Repeat("}", open)
	}
	if isObject(s) {
		return json.RawMessage(s), true
	}
	return nil, false
}

func isObject(s string) bool {
	var m map[string]any
	return strings.HasPrefix(strings.TrimSpace(s), "{") && json.Unmarshal([]byte(s), &m) == nil
}

var textCall = regexp.MustCompile(`(?s)<tool_call>\s*(\{.*?\})\s*</tool_call>`)

// TextCalls extracts calls a model wrote as text instead of using the API
// (the Hermes <tool_call>{"name":…,"arguments":…}</tool_call> form local
// models fall back to), and returns the text without them.
func TextCalls(text string) ([]llm.ToolCall, string) {
	var calls []llm.ToolCall
	rest := textCall.ReplaceAllStringFunc(text, func(m string) string {
		body := textCall.FindStringSubmatch(m)[1]
		var c struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if json.Unmarshal([]byte(body), &c) != nil {
			return m
		}
		name := strings.TrimSpace(c.Name)
		if name == "" {
			return m
		}
		calls = append(calls, llm.ToolCall{ID: fmt.Sprintf("text-call-%d", len(calls)+1), Name: name, Args: c.Arguments})
		return ""
	})
	return calls, strings.TrimSpace(rest)
}
