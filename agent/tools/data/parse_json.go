package data

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/theory/jsonpath"
	"github.com/theory/jsonpath/spec"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed parse_json.md
var parseJSONDescription string

var parseJSONSchema = json.RawMessage(`{"type":"object","properties":{
 "text":{"type":"string","description":"The JSON document itself, as text"},
 "path":{"type":"string","description":"RFC 9535 JSONPath query, e.g. \"$.items[*].name\", \"$..price\" or \"$.books[?@.year > 2000].title\"; leave it out to only check the text"}},
 "required":["text"]}`)

// parseJSONArgs are parse_json's arguments.
type parseJSONArgs struct {
	Text json.RawMessage `json:"text"`
	Path string          `json:"path"`
}

// text is the document: the string given, or the JSON value itself when
// the model passed an object or array instead of a string (nil: missing).
func (a parseJSONArgs) text() *string {
	raw := bytes.TrimSpace(a.Text)
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		s = string(raw)
	}
	return &s
}

func parseJSON(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "parse_json", Description: parseJSONDescription, Schema: parseJSONSchema,
		Meta: readOnly,
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[parseJSONArgs]("parse_json", args, parseJSONSchema)
			if a.Path == "" {
				return tools.Assessment{Summary: "check that a text is valid JSON"}
			}
			return tools.Assessment{Summary: fmt.Sprintf("pick %s out of a JSON text", clip(a.Path, 80))}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[parseJSONArgs]("parse_json", args, parseJSONSchema)
			if err != nil {
				return "", err
			}
			text := a.text()
			if err := checkText("parse_json", text, cfg.MaxInput); err != nil {
				return "", err
			}
			return inBackground(ctx, "parse_json", func() (string, error) { return runParseJSON(cfg, *text, a.Path) })
		}}
}

// runParseJSON does parse_json's work once the arguments are checked.
func runParseJSON(cfg Config, text, path string) (string, error) {
	var (
		p    *jsonpath.Path
		note string
	)
	if strings.TrimSpace(path) != "" {
		var err error
		if p, note, err = compilePath(path); err != nil {
			return "", fmt.Errorf("parse_json: %w", err)
		}
	}
	doc, err := decodeJSON(text)
	if err != nil {
		return "", fmt.Errorf("parse_json: %w", err)
	}
	if p == nil {
		return "valid JSON: " + describe(doc), nil
	}
	return formatMatches(cfg, p, clip(path, 200)+note, doc), nil
}

// compilePath parses an RFC 9535 query. A query written without its
// leading "$" ("items[0].name", ".items") is read with it, and the note
// says so.
func compilePath(path string) (*jsonpath.Path, string, error) {
	path = strings.TrimSpace(path)
	p, err := jsonpath.Parse(path)
	if err == nil {
		return p, "", nil
	}
	if !strings.HasPrefix(path, "$") {
		fixed := "$." + path
		if strings.HasPrefix(path, ".") || strings.HasPrefix(path, "[") {
			fixed = "$" + path
		}
		if q, err2 := jsonpath.Parse(fixed); err2 == nil {
			return q, fmt.Sprintf(" (read as %s)", clip(fixed, 200)), nil
		}
	}
	msg := strings.TrimPrefix(err.Error(), jsonpath.ErrPathParse.Error()+": ")
	return nil, "", fmt.Errorf("the path %q is not a valid JSONPath query: %s; a query starts with $, "+
		"e.g. $.items[0].name, $..name, $.items[*] or $.items[?@.price < 10]", clip(path, 200), msg)
}

// formatMatches lists what p selects from doc within the output cap;
// shown is the query as the model wrote it.
func formatMatches(cfg Config, p *jsonpath.Path, shown string, doc any) string {
	nodes := p.SelectLocated(doc)
	if unordered(p.Query()) {
		sort.SliceStable(nodes, func(i, j int) bool { return nodes[i].Path.Compare(nodes[j].Path) < 0 })
	}
	switch len(nodes) {
	case 0:
		return fmt.Sprintf("no match for %s; the document is %s", shown, describe(doc))
	case 1:
		out := fmt.Sprintf("1 match of %s, at %s:\n%s", shown, nodes[0].Path, encode(nodes[0].Node, "  "))
		return capOutput(out, cfg.MaxOutput, "[truncated: the value is too long to show whole; select a part of it with a longer path]")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d matches of %s:\n", len(nodes), shown)
	for i, n := range nodes {
		line := fmt.Sprintf("%s: %s\n", n.Path, encode(n.Node, ""))
		if b.Len()+len(line) > cfg.MaxOutput {
			fmt.Fprintf(&b, "[truncated: showing %d of %d matches; narrow the path, e.g. with a slice such as [0:20] or a filter]", i, len(nodes))
			break
		}
		b.WriteString(line)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// unordered reports whether q may select object members in the random
// order of a Go map: through a wildcard, a descendant segment or a filter.
func unordered(q *spec.PathQuery) bool {
	for _, seg := range q.Segments() {
		if seg.IsDescendant() {
			return true
		}
		if slices.ContainsFunc(seg.Selectors(), func(s spec.Selector) bool {
			switch s.(type) {
			case spec.WildcardSelector, *spec.WildcardSelector, *spec.FilterSelector:
				return true
			}
			return false
		}) {
			return true
		}
	}
	return false
}

// encode writes v as JSON without escaping <, > and &, indented when
// indent is not empty.
func encode(v any, indent string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if indent != "" {
		enc.SetIndent("", indent)
	}
	if err := enc.Encode(v); err != nil {
		return fmt.Sprintf("(cannot show: %v)", err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// describe says in words what a JSON value is.
func describe(v any) string {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if len(keys) == 0 {
			return "an empty object"
		}
		shown := keys[:min(len(keys), 20)]
		more := ""
		if len(keys) > len(shown) {
			more = fmt.Sprintf(", … (%d more)", len(keys)-len(shown))
		}
		return fmt.Sprintf("an object with %d %s: %s%s", len(keys), plural(len(keys), "member"), strings.Join(shown, ", "), more)
	case []any:
		if len(v) == 0 {
			return "an empty array"
		}
		return fmt.Sprintf("an array of %d %s (%s)", len(v), plural(len(v), "item"), kinds(v))
	case string:
		return fmt.Sprintf("a string of %d characters", len([]rune(v)))
	case json.Number:
		return "the number " + v.String()
	case bool:
		return fmt.Sprintf("the boolean %v", v)
	case nil:
		return "null"
	}
	return fmt.Sprintf("a %T", v)
}

// kinds names the JSON types found among items, e.g. "objects and numbers".
func kinds(items []any) string {
	seen := map[string]bool{}
	var names []string
	for _, it := range items {
		k := kindOf(it)
		if !seen[k] {
			seen[k] = true
			names = append(names, k)
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func kindOf(v any) string {
	switch v.(type) {
	case map[string]any:
		return "objects"
	case []any:
		return "arrays"
	case string:
		return "strings"
	case json.Number:
		return "numbers"
	case bool:
		return "booleans"
	}
	return "nulls"
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// errCanceled is the error of a call given up because its context ended.
var errCanceled = errors.New("the call was stopped before it finished")

// inBackground runs work on its own goroutine and returns its result, or
// an error naming tool as soon as ctx ends (the work then finishes
// unobserved; it is bounded by the input cap).
func inBackground(ctx context.Context, tool string, work func() (string, error)) (string, error) {
	type result struct {
		s   string
		err error
	}
	if ctx.Err() != nil {
		return "", fmt.Errorf("%s: %w (%w)", tool, errCanceled, context.Cause(ctx))
	}
	done := make(chan result, 1)
	go func() {
		s, err := work()
		done <- result{s, err}
	}()
	select {
	case r := <-done:
		return r.s, r.err
	case <-ctx.Done():
		return "", fmt.Errorf("%s: %w (%w)", tool, errCanceled, context.Cause(ctx))
	}
}
