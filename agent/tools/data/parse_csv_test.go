package data_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools/data"
)

func TestParseCSV(t *testing.T) {
	for _, c := range []struct {
		name string
		args map[string]any
		want string // the whole output, or a substring of the error when err
		err  bool
	}{
		{name: "header and quoting", args: map[string]any{"text": "name,age,note\nAnn,30,\"likes tea, not coffee\"\n\"Bo \"\"the\"\" Kid\",4,\"two\nlines\"\n"},
			want: "2 rows, 3 columns (name, age, note), delimiter \",\"\n[\n" +
				`{"name":"Ann","age":"30","note":"likes tea, not coffee"},` + "\n" +
				`{"name":"Bo \"the\" Kid","age":"4","note":"two\nlines"}` + "\n]"},
		{name: "guessed semicolon, BOM, CRLF", args: map[string]any{"text": "\uFEFFa;b\r\n1;2,5\r\n"},
			want: "1 row, 2 columns (a, b), delimiter \";\"\n[\n{\"a\":\"1\",\"b\":\"2,5\"}\n]"},
		{name: "guessed tab", args: map[string]any{"text": "a\tb,c\td\n1\t2\t3\n"},
			want: "1 row, 3 columns (a, b,c, d), delimiter tab\n[\n{\"a\":\"1\",\"b,c\":\"2\",\"d\":\"3\"}\n]"},
		{name: "delimiter by name, no header", args: map[string]any{"text": "1|2\n3|4\n", "delimiter": "pipe", "header": false},
			want: "2 rows, 2 columns (column1, column2), delimiter \"|\"\n[\n{\"column1\":\"1\",\"column2\":\"2\"},\n{\"column1\":\"3\",\"column2\":\"4\"}\n]"},
		{name: "delimiter tab escape", args: map[string]any{"text": "a\tb\n1\t2\n", "delimiter": `\t`},
			want: "1 row, 2 columns (a, b), delimiter tab\n[\n{\"a\":\"1\",\"b\":\"2\"}\n]"},
		{name: "duplicate and empty names", args: map[string]any{"text": "x, x ,,\n1,2,3,4\n"},
			want: "1 row, 4 columns (x, x_2, column3, column4), delimiter \",\"\n[\n" +
				`{"x":"1","x_2":"2","column3":"3","column4":"4"}` + "\n]"},
		{name: "short row", args: map[string]any{"text": "a,b\n1\n"},
			want: "1 row, 2 columns (a, b), delimiter \",\"; 1 row has a different number of fields than the header (missing fields are left out, extra ones get columnN keys)\n[\n{\"a\":\"1\"}\n]"},
		{name: "header only", args: map[string]any{"text": "a,b\n"}, want: "0 rows, 2 columns (a, b), delimiter \",\"\n[\n]"},
		{name: "control characters escaped", args: map[string]any{"text": "a\n\"x\x01\ty\\\"\n"},
			want: "1 row, 1 column (a), delimiter \",\"\n[\n{\"a\":\"x\\u0001\\ty\\\\\"}\n]"},
		{name: "max_rows", args: map[string]any{"text": "n\n1\n2\n3\n", "max_rows": 2},
			want: "3 rows, 1 column (n), delimiter \",\"\n[\n{\"n\":\"1\"},\n{\"n\":\"2\"}\n]\n[truncated: showing the first 2 of 3 rows; pass max_rows for fewer, or split the text to read the rest]"},
		{name: "bare quote", args: map[string]any{"text": "a,b\nx\"y,2\n"}, err: true,
			want: `parse_csv: the text is not valid CSV at line 2, column 2: a field that is not in quotes contains a quote`},
		{name: "unclosed quote", args: map[string]any{"text": "a,b\n1,2\n\"open,3\n4,5\n"}, err: true,
			want: "at line 4, column 5: the quoted field that starts on line 3 is not closed"},
		{name: "bad delimiter", args: map[string]any{"text": "a", "delimiter": "::"}, err: true, want: `parse_csv: delimiter must be one character`},
		{name: "quote delimiter", args: map[string]any{"text": "a", "delimiter": `"`}, err: true, want: `delimiter must be one character`},
		{name: "negative max_rows", args: map[string]any{"text": "a", "max_rows": -1}, err: true, want: `max_rows must be 1 or more`},
		{name: "header as text", args: map[string]any{"text": "a", "header": "yes"}, err: true, want: `parse_csv: bad arguments`},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := call(t, tool(t, data.Config{}, "parse_csv"), c.args)
			switch {
			case c.err && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("error %v, want one containing %q (output %q)", err, c.want, out)
			case !c.err && err != nil:
				t.Errorf("error %v", err)
			case !c.err && out != c.want:
				t.Errorf("got\n%s\nwant\n%s", out, c.want)
			}
		})
	}
}

func TestParseCSVCaps(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,word\n")
	for i := range 1000 {
		fmt.Fprintf(&b, "%d,word%d\n", i, i)
	}
	out, err := call(t, tool(t, data.Config{}, "parse_csv"), map[string]any{"text": b.String(), "max_rows": 5000})
	if err != nil || !strings.HasPrefix(out, "1000 rows") || !strings.Contains(out, "showing the first 200 of 1000 rows") {
		t.Errorf("row cap: %v\n%s", err, out[max(0, len(out)-300):])
	}
	out, err = call(t, tool(t, data.Config{MaxOutput: 300}, "parse_csv"), map[string]any{"text": b.String()})
	if err != nil || len(out) > 300+200 || !strings.Contains(out, "of 1000 rows") {
		t.Errorf("output cap: %v, %d bytes\n%s", err, len(out), out)
	}
	out, err = call(t, tool(t, data.Config{MaxOutput: 20}, "parse_csv"), map[string]any{"text": "a\n" + strings.Repeat("x", 100)})
	if err != nil || strings.Contains(out, "xxx") || !strings.Contains(out, "the first row alone is longer than the 20 bytes") {
		t.Errorf("one long row: %v\n%s", err, out)
	}
}

func TestParseCSVCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := tool(t, data.Config{}, "parse_csv").Run(ctx, []byte(`{"text":"a\n1\n2\n"}`))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("canceled call: %v", err)
	}
}
