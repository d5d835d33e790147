package engine

import (
	"reflect"
	"testing"
)

func TestParseMarkdown(t *testing.T) {
	src := "# Week *plan*\n\nSome **bold** text\nrunning on, with `code` and [a link](https://x.org).\n\n" +
		"- one\n- two\n  - nested\n3. third\n\n```go\nfunc main() {\n\tprintln(1)\n}\n```\n\n" +
		"| Day | Task |\n|---|:--:|\n| Mon | budget |\n| Tue | otters |\n\n> quoted\n> on\n\n---\n    indented code\n![a cat](cat.png) and snake_case_name\n  ![a dog](<pics/dog 1.png> \"Rex\")"
	want := []mdBlock{
		{kind: mdHeading, level: 1, text: "Week plan"},
		{kind: mdPara, text: "Some bold text running on, with code and a link."},
		{kind: mdItem, mark: "•", text: "one"},
		{kind: mdItem, mark: "•", text: "two"},
		{kind: mdItem, level: 1, mark: "•", text: "nested"},
		{kind: mdItem, mark: "3.", text: "third"},
		{kind: mdCode, lines: []string{"func main() {", "    println(1)", "}"}},
		{kind: mdTable},
		{kind: mdQuote, text: "quoted on"},
		{kind: mdRule},
		{kind: mdCode, lines: []string{"indented code"}},
		{kind: mdPara, text: "[a cat] and snake_case_name"},
		{kind: mdImage, text: "a dog", src: "pics/dog 1.png"},
	}
	got := parseMarkdown(src)
	if len(got) != len(want) {
		t.Fatalf("%d blocks, want %d: %+v", len(got), len(want), got)
	}
	if rows := cellsText(got[7].cells); !reflect.DeepEqual(rows, [][]string{{"Day", "Task"}, {"Mon", "budget"}, {"Tue", "otters"}}) {
		t.Errorf("table cells %q", rows)
	}
	for i := range want {
		got[i].spans, got[i].cells = nil, nil
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("block %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// cellsText is a table's cells as plain text.
func cellsText(cells [][][]mdSpan) [][]string {
	out := make([][]string, len(cells))
	for i, row := range cells {
		for _, c := range row {
			out[i] = append(out[i], spansText(c))
		}
	}
	return out
}

// TestParseTableCells: a cell's text is inline Markdown, as a paragraph's;
// an escaped pipe stays in its cell, in code too; an empty cell is kept.
func TestParseTableCells(t *testing.T) {
	b, i, m, l := mdBold, mdItalic, mdMono, mdLink
	src := "| **Day** | `a \\| b` | Note |\n|---|---|---|\n| *Mon* | [the wiki](https://w.org/x) | x \\| y |\n|  | 2 | |"
	got := parseMarkdown(src)
	if len(got) != 1 || got[0].kind != mdTable {
		t.Fatalf("blocks %+v, want one table", got)
	}
	want := [][][]mdSpan{
		{{{text: "Day", style: b}}, {{text: "a | b", style: m}}, {{text: "Note"}}},
		{{{text: "Mon", style: i}}, {{text: "the wiki", style: l, href: "https://w.org/x"}}, {{text: "x | y"}}},
		{nil, {{text: "2"}}, nil},
	}
	if !reflect.DeepEqual(got[0].cells, want) {
		t.Errorf("cells\n got %+v\nwant %+v", got[0].cells, want)
	}
}

// TestParseMarkdownForgiving: odd input becomes text, never a panic.
func TestParseMarkdownForgiving(t *testing.T) {
	for _, src := range []string{"", "\n\n", "```", "| a |", "# ", "#nospace", "1.", "**unclosed", "|a|\n|-|\n"} {
		_ = parseMarkdown(src)
	}
	if got := parseMarkdown("```\nnever closed"); len(got) != 1 || got[0].kind != mdCode || got[0].lines[0] != "never closed" {
		t.Errorf("unclosed fence: %+v", got)
	}
}

func TestParseInline(t *testing.T) {
	b, i, m, l := mdBold, mdItalic, mdMono, mdLink
	tests := []struct {
		src  string
		want []mdSpan
	}{
		{"plain", []mdSpan{{text: "plain"}}},
		{"a **bold** and *it* _too_", []mdSpan{{text: "a "}, {text: "bold", style: b}, {text: " and "}, {text: "it", style: i}, {text: " "}, {text: "too", style: i}}},
		{"**bold *both***", []mdSpan{{text: "bold ", style: b}, {text: "both", style: b | i}}},
		{"use `x *y*` now", []mdSpan{{text: "use "}, {text: "x *y*", style: m}, {text: " now"}}},
		{"see [the **wiki**](https://w.org/a \"t\").", []mdSpan{{text: "see "}, {text: "the ", style: l, href: "https://w.org/a"}, {text: "wiki", style: l | b, href: "https://w.org/a"}, {text: "."}}},
		{"at https://x.org/a_(b), then", []mdSpan{{text: "at "}, {text: "https://x.org/a_(b)", style: l, href: "https://x.org/a_(b)"}, {text: ", then"}}},
		{"<https://x.org> and snake_case_name", []mdSpan{{text: "https://x.org", style: l, href: "https://x.org"}, {text: " and snake_case_name"}}},
		{"2 * 3 * 4, a*b, \\*not\\*, **open", []mdSpan{{text: "2 * 3 * 4, a*b, *not*, **open"}}},
		{"![cat](c.png) here", []mdSpan{{text: "[cat]", style: i}, {text: " here"}}},
		{"https: no, xhttps://a.b", []mdSpan{{text: "https: no, xhttps://a.b"}}},
	}
	for _, tc := range tests {
		if got := parseInline(tc.src); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.src, got, tc.want)
		}
	}
}
