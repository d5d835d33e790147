package engine

import (
	"reflect"
	"testing"
)

func TestParseMarkdown(t *testing.T) {
	src := "# Week *plan*\n\nSome **bold** text\nrunning on, with `code` and [a link](https://x.org).\n\n" +
		"- one\n- two\n  - nested\n3. third\n\n```go\nfunc main() {\n\tprintln(1)\n}\n```\n\n" +
		"| Day | Task |\n|---|:--:|\n| Mon | budget |\n| Tue | otters |\n\n> quoted\n> on\n\n---\n    indented code\n![a cat](cat.png) and snake_case_name"
	want := []mdBlock{
		{kind: mdHeading, level: 1, text: "Week plan"},
		{kind: mdPara, text: "Some bold text running on, with code and a link (https://x.org)."},
		{kind: mdItem, mark: "•", text: "one"},
		{kind: mdItem, mark: "•", text: "two"},
		{kind: mdItem, level: 1, mark: "•", text: "nested"},
		{kind: mdItem, mark: "3.", text: "third"},
		{kind: mdCode, lines: []string{"func main() {", "    println(1)", "}"}},
		{kind: mdTable, rows: [][]string{{"Day", "Task"}, {"Mon", "budget"}, {"Tue", "otters"}}},
		{kind: mdQuote, text: "quoted on"},
		{kind: mdRule},
		{kind: mdCode, lines: []string{"indented code"}},
		{kind: mdPara, text: "[a cat] and snake_case_name"},
	}
	got := parseMarkdown(src)
	if len(got) != len(want) {
		t.Fatalf("%d blocks, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("block %d: %+v, want %+v", i, got[i], want[i])
		}
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
