package skill

import (
	"encoding/json"
	"regexp"
	"strings"
)

// placeholder matches {{var}}, {{ var }} and dotted paths {{place.name}}.
var placeholder = regexp.MustCompile(`\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}`)

// Fill replaces each {{var}} of pattern with the value of that key in the
// JSON object data (a dotted path reaches into nested objects). ok is false
// when a variable has no value; numbers print as written, booleans as
// yes/no, lists as comma-separated values.
func Fill(pattern string, data json.RawMessage) (text string, ok bool) {
	var obj map[string]any
	if len(data) > 0 {
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.UseNumber()
		_ = dec.Decode(&obj) // a non-object leaves obj nil: every variable is missing
	}
	ok = true
	text = placeholder.ReplaceAllStringFunc(pattern, func(m string) string {
		v, found := lookup(obj, placeholder.FindStringSubmatch(m)[1])
		if !found {
			ok = false
			return m
		}
		return v
	})
	return strings.TrimSpace(text), ok
}

// lookup finds a dotted path in obj and says its value in words.
func lookup(obj map[string]any, path string) (string, bool) {
	var cur any = obj
	for part := range strings.SplitSeq(path, ".") {
		m, isMap := cur.(map[string]any)
		if !isMap {
			return "", false
		}
		if cur, isMap = m[part]; !isMap {
			return "", false
		}
	}
	return words(cur)
}

func words(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case json.Number:
		return v.String(), true
	case bool:
		if v {
			return "yes", true
		}
		return "no", true
	case []any:
		parts := make([]string, 0, len(v))
		for _, e := range v {
			if s, ok := words(e); ok {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, ", "), true
	case nil:
		return "", false
	}
	b, err := json.Marshal(v)
	return string(b), err == nil
}
