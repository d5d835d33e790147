package engine

import (
	"regexp"
	"strconv"
	"strings"
)

// mdKind is the kind of a Markdown block the whiteboard draws.
type mdKind int

const (
	mdPara    mdKind = iota // a paragraph
	mdHeading               // a heading; level 1–6
	mdItem                  // a list item; level is its nesting, mark its bullet or number
	mdCode                  // a fenced or indented code block, lines kept as they are
	mdTable                 // a table; cells[0] is the header row
	mdQuote                 // a quoted paragraph
	mdRule                  // a horizontal rule
	mdImage                 // a picture alone on its line; src its path, text its description
)

// mdBlock is one block of a Markdown document: its text as styled spans
// (see parseInline) and as plain text.
type mdBlock struct {
	kind  mdKind
	level int
	mark  string       // a list item's "•" or "3."
	text  string       // paragraph, heading, item and quote text, plain; an image's description
	spans []mdSpan     // the same text with its emphasis, code and links
	lines []string     // code lines
	cells [][][]mdSpan // table rows of cells, each its inline text as spans; cells[0] is the header
	src   string       // an image's path
}

// textBlock is a block of kind k holding the inline Markdown s.
func textBlock(k mdKind, level int, s string) *mdBlock {
	spans := parseInline(s)
	return &mdBlock{kind: k, level: level, text: spansText(spans), spans: spans}
}

var (
	mdHeadingRe = regexp.MustCompile(`^(#{1,6})\s+(.*?)\s*#*\s*$`)
	mdItemRe    = regexp.MustCompile(`^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$`)
	mdRuleRe    = regexp.MustCompile(`^\s{0,3}([-*_])(\s*[-*_]){2,}\s*$`)
	mdDelimRe   = regexp.MustCompile(`^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$`)
	mdLoneImgRe = regexp.MustCompile(`^\s*!\[([^\]]*)\]\(\s*(?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)\s*$`)
)

// parseMarkdown splits a Markdown document into the blocks the whiteboard
// draws: headings, paragraphs, bullet and numbered lists, code blocks,
// tables, quotes and rules. It is forgiving: whatever it does not know is
// shown as text.
func parseMarkdown(src string) []mdBlock {
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	var out []mdBlock
	for i := 0; i < len(lines); {
		n, b := mdBlockAt(lines, i)
		if b != nil {
			out = append(out, *b)
		}
		i += n
	}
	return out
}

// mdBlockAt reads the block starting at lines[i] and returns how many
// lines it took and the block (nil for blank lines).
func mdBlockAt(lines []string, i int) (int, *mdBlock) {
	line := lines[i]
	trim := strings.TrimSpace(line)
	switch {
	case trim == "":
		return 1, nil
	case strings.HasPrefix(trim, "```") || strings.HasPrefix(trim, "~~~"):
		return mdFence(lines, i)
	case strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t"):
		n := 0
		var code []string
		for ; i+n < len(lines) && (strings.HasPrefix(lines[i+n], "    ") || strings.HasPrefix(lines[i+n], "\t")); n++ {
			code = append(code, strings.TrimPrefix(strings.TrimPrefix(lines[i+n], "\t"), "    "))
		}
		return n, &mdBlock{kind: mdCode, lines: code}
	case mdRuleRe.MatchString(line):
		return 1, &mdBlock{kind: mdRule}
	case strings.HasPrefix(trim, "|") && i+1 < len(lines) && mdDelimRe.MatchString(lines[i+1]):
		return mdTableAt(lines, i)
	}
	if m := mdLoneImgRe.FindStringSubmatch(line); m != nil {
		return 1, &mdBlock{kind: mdImage, text: m[1], src: m[2] + m[3]}
	}
	if m := mdHeadingRe.FindStringSubmatch(trim); m != nil {
		return 1, textBlock(mdHeading, len(m[1]), m[2])
	}
	if m := mdItemRe.FindStringSubmatch(line); m != nil {
		mark := "•"
		if n, err := strconv.Atoi(strings.TrimRight(m[2], ".)")); err == nil {
			mark = strconv.Itoa(n) + "."
		}
		b := textBlock(mdItem, len(strings.ReplaceAll(m[1], "\t", "  "))/2, m[3])
		b.mark = mark
		return 1, b
	}
	if strings.HasPrefix(trim, ">") {
		n := 0
		var text []string
		for ; i+n < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+n]), ">"); n++ {
			text = append(text, strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(lines[i+n]), ">"), " "))
		}
		return n, textBlock(mdQuote, 0, strings.Join(text, " "))
	}
	return mdParaAt(lines, i)
}

// mdParaAt reads a paragraph: lines up to a blank line or another block.
func mdParaAt(lines []string, i int) (int, *mdBlock) {
	n := 1
	for ; i+n < len(lines); n++ {
		l := lines[i+n]
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "```") || strings.HasPrefix(t, ">") ||
			strings.HasPrefix(t, "|") || mdItemRe.MatchString(l) || mdRuleRe.MatchString(l) || mdLoneImgRe.MatchString(l) {
			break
		}
	}
	parts := make([]string, n)
	for k := range n {
		parts[k] = strings.TrimSpace(lines[i+k])
	}
	return n, textBlock(mdPara, 0, strings.Join(parts, " "))
}

// mdFence reads a fenced code block; an unclosed fence runs to the end.
func mdFence(lines []string, i int) (int, *mdBlock) {
	fence := strings.TrimSpace(lines[i])[:3]
	var code []string
	n := 1
	for ; i+n < len(lines); n++ {
		if strings.HasPrefix(strings.TrimSpace(lines[i+n]), fence) {
			n++
			break
		}
		code = append(code, strings.ReplaceAll(lines[i+n], "\t", "    "))
	}
	return n, &mdBlock{kind: mdCode, lines: code}
}

// mdTableAt reads a table: a header row, the delimiter row, body rows.
// Each cell is inline Markdown, like a paragraph's text.
func mdTableAt(lines []string, i int) (int, *mdBlock) {
	b := &mdBlock{kind: mdTable}
	addRow := func(line string) {
		cells := mdCells(line)
		spans := make([][]mdSpan, len(cells))
		for k, c := range cells {
			spans[k] = parseInline(c)
		}
		b.cells = append(b.cells, spans)
	}
	addRow(lines[i])
	n := 2
	for ; i+n < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+n]), "|"); n++ {
		addRow(lines[i+n])
	}
	return n, b
}

// mdCells splits a table row into its cells' inline Markdown, at the
// pipes that are not escaped (\| is a pipe inside a cell, in code too).
func mdCells(line string) []string {
	t := strings.TrimSpace(line)
	t = strings.TrimPrefix(t, "|")
	if strings.HasSuffix(t, "|") && !strings.HasSuffix(t, `\|`) {
		t = t[:len(t)-1]
	}
	var cells []string
	for start, k := 0, 0; k <= len(t); k++ {
		if k == len(t) || t[k] == '|' && (k == 0 || t[k-1] != '\\') {
			cells = append(cells, strings.TrimSpace(strings.ReplaceAll(t[start:k], `\|`, "|")))
			start = k + 1
		}
	}
	return cells
}
