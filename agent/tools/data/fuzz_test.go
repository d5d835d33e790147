package data_test

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/theory/jsonpath"

	"github.com/kin-companion/kin/agent/tools/data"
)

// FuzzParseJSONPath runs arbitrary paths over a fixed document: the tool
// never panics, accepts every path the RFC 9535 parser accepts, answers
// the same way twice (no map order leaks out) and stays within its cap.
func FuzzParseJSONPath(f *testing.F) {
	for _, p := range []string{"$", "$..*", "$.store.book[*].author", "$..book[?@.price < 10]", "$[-1:0:-1]",
		"store.bicycle", "[0]", "$[?length(@) > 1]", "$..[?match(@.title, 'S.*')]", "$['a','b']", "$[", "$.a[?@ ==", "$[?search(@, '[')]"} {
		f.Add(p)
	}
	cfg := data.Config{MaxOutput: 2000}
	tl := tool(f, cfg, "parse_json")
	f.Fuzz(func(t *testing.T, path string) {
		if strings.TrimSpace(path) == "" {
			return
		}
		out, err := call(t, tl, map[string]any{"text": store, "path": path})
		if _, perr := jsonpath.Parse(path); perr == nil && err != nil {
			t.Fatalf("valid path %q refused: %v", path, err)
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), "parse_json: the path ") {
				t.Fatalf("path %q: error %v", path, err)
			}
			return
		}
		if len(out) > cfg.MaxOutput+200 {
			t.Fatalf("path %q: %d bytes over the cap", path, len(out))
		}
		if again, _ := call(t, tl, map[string]any{"text": store, "path": path}); again != out {
			t.Fatalf("path %q answered differently:\n%s\n%s", path, out, again)
		}
	})
}

// FuzzParseCSV checks parse_csv against encoding/csv on arbitrary text:
// when the standard reader reads it, the tool returns exactly its
// records (invalid UTF-8 shown as U+FFFD), keyed by column, in order;
// when it does not, the tool says where the text is wrong.
func FuzzParseCSV(f *testing.F) {
	for _, s := range []string{"a,b\n1,2\n", "a;b\r\n\"x;\"\"y\";2\r\n", "\"open\n", "x\"y\n", "a\tb\n1\n1\t2\t3\n", "\uFEFFh\n\n\nv\n", ",,\n,,\n"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	tl := tool(f, data.Config{MaxOutput: 1 << 20}, "parse_csv")
	f.Fuzz(func(t *testing.T, text string, header bool) {
		if strings.TrimSpace(text) == "" {
			return
		}
		out, err := call(t, tl, map[string]any{"text": text, "header": header, "delimiter": ","})
		want, werr := readAll(strings.TrimPrefix(text, "\uFEFF"))
		if werr != nil {
			if err == nil || !strings.Contains(err.Error(), "not valid CSV at line") {
				t.Fatalf("%q: encoding/csv says %v, tool says %v", text, werr, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if header && len(want) > 0 {
			want = want[1:]
		}
		checkRows(t, text, out, want[:min(len(want), 200)])
	})
}

func readAll(text string) ([][]string, error) {
	r := csv.NewReader(strings.NewReader(text))
	r.FieldsPerRecord = -1
	var recs [][]string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return recs, nil
		}
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	}
}

// checkRows decodes the tool's row objects and compares their values, in
// key order, with the records.
func checkRows(t *testing.T, text, out string, want [][]string) {
	_, body, _ := strings.Cut(out, "\n")
	if i := strings.Index(body, "\n]\n[truncated"); i >= 0 {
		body = body[:i+2]
	}
	dec := json.NewDecoder(strings.NewReader(body))
	if _, err := dec.Token(); err != nil {
		t.Fatalf("%q: output is not a JSON array: %v\n%s", text, err, out)
	}
	for i := 0; dec.More(); i++ {
		vals := objectValues(t, dec)
		if i >= len(want) || strings.Join(vals, "\x00") != valid(strings.Join(want[i], "\x00")) {
			t.Fatalf("%q: row %d is %q, want %q\n%s", text, i, vals, want, out)
		}
	}
}

// valid replaces each byte of s that is not UTF-8 with U+FFFD, as the
// tool does.
func valid(s string) string { return string([]rune(s)) }

// objectValues reads one JSON object from dec and returns its values in order.
func objectValues(t *testing.T, dec *json.Decoder) []string {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("want an object, got %v %v", tok, err)
	}
	var vals []string
	for dec.More() {
		if _, err := dec.Token(); err != nil { // the key
			t.Fatal(err)
		}
		var v string
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		vals = append(vals, v)
	}
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	return vals
}
