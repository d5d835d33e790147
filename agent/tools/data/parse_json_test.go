package data_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools/data"
)

const store = `{
  "store": {
    "book": [
      {"title": "Sayings", "author": "Nigel Rees", "price": 8.95, "tags": ["quotes"]},
      {"title": "Sword", "author": "Evelyn Waugh", "price": 12.99},
      {"title": "Moby Dick", "author": "Herman Melville", "price": 8.99, "isbn": "0-553-21311-3"}
    ],
    "bicycle": {"color": "red", "price": 19.95, "serial": 12345678901234567890}
  },
  "note": "<b>&</b>"
}`

func TestParseJSON(t *testing.T) {
	for _, c := range []struct {
		name, text, path string
		want             []string // substrings of the output, or of the error when err
		err              bool
	}{
		{name: "valid object", text: store, want: []string{"valid JSON: an object with 2 members: note, store"}},
		{name: "valid array", text: `[1, "a", {"b": null}]`, want: []string{"an array of 3 items (numbers, strings and objects)"}},
		{name: "valid scalar", text: ` 42 `, want: []string{"valid JSON: the number 42"}},
		{name: "one match, indented", text: store, path: "$.store.bicycle",
			want: []string{"1 match of $.store.bicycle, at $['store']['bicycle']:\n{\n  \"color\": \"red\",\n  \"price\": 19.95,\n  \"serial\": 12345678901234567890\n}"}},
		{name: "wildcard", text: store, path: "$.store.book[*].author",
			want: []string{"3 matches of $.store.book[*].author:\n$['store']['book'][0]['author']: \"Nigel Rees\"\n$['store']['book'][1]['author']: \"Evelyn Waugh\"\n$['store']['book'][2]['author']: \"Herman Melville\""}},
		{name: "descendant, sorted by path", text: store, path: "$..price",
			want: []string{"4 matches of $..price:\n$['store']['bicycle']['price']: 19.95\n$['store']['book'][0]['price']: 8.95\n$['store']['book'][1]['price']: 12.99\n$['store']['book'][2]['price']: 8.99"}},
		{name: "filter", text: store, path: "$.store.book[?@.price < 10].title",
			want: []string{"2 matches", `[0]['title']: "Sayings"`, `[2]['title']: "Moby Dick"`}},
		{name: "function extension", text: store, path: "$.store.book[?length(@.tags) == 1].title", want: []string{`"Sayings"`}},
		{name: "negative index", text: store, path: "$.store.book[-1].isbn", want: []string{`"0-553-21311-3"`}},
		{name: "slice", text: store, path: "$.store.book[0:2].title", want: []string{"2 matches", "Sayings", "Sword"}},
		{name: "html kept as is", text: store, path: "$.note", want: []string{`"<b>&</b>"`}},
		{name: "big number kept", text: store, path: "$..serial", want: []string{"12345678901234567890"}},
		{name: "path without $", text: store, path: "store.bicycle.color", want: []string{`1 match of store.bicycle.color (read as $.store.bicycle.color)`, `"red"`}},
		{name: "path starting with [", text: `[5,6]`, path: "[1]", want: []string{`(read as $[1])`, "6"}},
		{name: "no match", text: store, path: "$.store.car", want: []string{"no match for $.store.car; the document is an object with 2 members: note, store"}},
		{name: "bad path", text: store, path: "$.store[?", err: true,
			want: []string{`parse_json: the path "$.store[?" is not a valid JSONPath query`, "position", "starts with $"}},
		{name: "bad path without $", text: store, path: "store..", err: true, want: []string{`the path "store.."`}},
		{name: "trailing comma", text: "{\n  \"a\": 1,\n}", err: true,
			want: []string{"line 3, column 1", "no comma before a closing", "\n  }\n  ^"}},
		{name: "single quotes", text: "[\n 1,\n 'x']", err: true, want: []string{"line 3, column 2", "double quotes", "\n   'x']\n   ^"}},
		{name: "bare key", text: `{a: 1}`, err: true, want: []string{"line 1, column 2", "names in a JSON object must be in double quotes"}},
		{name: "cut short", text: "{\"a\": [1,\n2", err: true, want: []string{"ends in the middle", "line 2, column 2"}},
		{name: "two values", text: `{} {}`, err: true, want: []string{"more text after the end", "line 1, column 4"}},
		{name: "comment", text: "{\n// no\n}", err: true, want: []string{"line 2, column 1", "no comments"}},
		{name: "column counts characters", text: `["ééé" x]`, err: true, want: []string{"line 1, column 8", "\n  [\"ééé\" x]\n         ^"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := map[string]any{"text": c.text}
			if c.path != "" {
				args["path"] = c.path
			}
			out, err := call(t, tool(t, data.Config{}, "parse_json"), args)
			got := out
			if c.err {
				if err == nil {
					t.Fatalf("no error; output %q", out)
				}
				got = err.Error()
			} else if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("got\n%s\nwant it to contain\n%s", got, w)
				}
			}
		})
	}
}

// TestParseJSONDeterministic runs a query through object wildcards many
// times: the order of the matches must not follow Go's map order.
// TestParseJSONValueAsText accepts a document passed as a JSON value
// rather than as a string, as models sometimes do.
func TestParseJSONValueAsText(t *testing.T) {
	tl := tool(t, data.Config{}, "parse_json")
	out, err := tl.Run(t.Context(), []byte(`{"text": {"a": [1, 2]}, "path": "$.a[1]"}`))
	if err != nil || out != "1 match of $.a[1], at $['a'][1]:\n2" {
		t.Errorf("object as text: %q %v", out, err)
	}
	if out, err := tl.Run(t.Context(), []byte(`{"text": 5}`)); err != nil || out != "valid JSON: the number 5" {
		t.Errorf("number as text: %q %v", out, err)
	}
}

func TestParseJSONDeterministic(t *testing.T) {
	text := `{"m":{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9}}`
	tl := tool(t, data.Config{}, "parse_json")
	first, err := call(t, tl, map[string]any{"text": text, "path": "$.m.*"})
	if err != nil {
		t.Fatal(err)
	}
	for range 50 {
		if out, _ := call(t, tl, map[string]any{"text": text, "path": "$.m.*"}); out != first {
			t.Fatalf("order changed:\n%s\n%s", first, out)
		}
	}
}

func TestParseJSONOutputCap(t *testing.T) {
	text := "[" + strings.Repeat(`"abcdefghij",`, 999) + `"end"]`
	out, err := call(t, tool(t, data.Config{MaxOutput: 500}, "parse_json"), map[string]any{"text": text, "path": "$[*]"})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > 500+200 || !strings.Contains(out, "[truncated: showing ") || !strings.Contains(out, " of 1000 matches") {
		t.Errorf("%d bytes:\n%s", len(out), out)
	}
	one, err := call(t, tool(t, data.Config{MaxOutput: 500}, "parse_json"), map[string]any{"text": text, "path": "$"})
	if err != nil || len(one) > 700 || !strings.Contains(one, "[truncated: the value is too long") {
		t.Errorf("single value: %d bytes, %v", len(one), err)
	}
}

func TestParseJSONCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	text := "[" + strings.Repeat(`{"a":[1,2,3]},`, 50000) + "1]"
	_, err := tool(t, data.Config{}, "parse_json").Run(ctx, []byte(`{"text":`+quote(text)+`,"path":"$..a[?@ > 1]"}`))
	if err == nil || !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "stopped before it finished") {
		t.Errorf("canceled call: %v", err)
	}
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
