package engine

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// mdStyle is the inline style of a span of text, a set of flags.
type mdStyle uint8

// Inline styles.
const (
	mdBold   mdStyle = 1 << iota // **strong**
	mdItalic                     // *emphasis*
	mdMono                       // `code`
	mdLink                       // [text](href), <href> or a bare http(s) address
)

// mdSpan is a run of text in one style; href is set for links.
type mdSpan struct {
	text  string
	style mdStyle
	href  string
}

// mdEscapable are the characters a backslash shows as themselves.
const mdEscapable = "\\`*_{}[]()#+-.!|<>~"

// parseInline splits a line of inline Markdown into styled spans: strong
// and emphasis (* and _), code, links ([text](href), <href> and bare
// http(s) addresses) and backslash escapes. An image inside text shows as
// its description in brackets. Markup it cannot pair is kept as text.
func parseInline(s string) []mdSpan {
	var p inlineParser
	p.run(s, 0, "")
	p.flush()
	return p.out
}

// spansText is the plain text of spans.
func spansText(spans []mdSpan) string {
	if len(spans) == 1 {
		return spans[0].text
	}
	var b strings.Builder
	for _, sp := range spans {
		b.WriteString(sp.text)
	}
	return b.String()
}

// inlineParser gathers spans, merging neighbours of the same style.
type inlineParser struct {
	out   []mdSpan
	buf   strings.Builder
	style mdStyle
	href  string
}

// add appends text in a style.
func (p *inlineParser) add(text string, style mdStyle, href string) {
	if text == "" {
		return
	}
	if p.buf.Len() > 0 && (style != p.style || href != p.href) {
		p.flush()
	}
	p.style, p.href = style, href
	p.buf.WriteString(text)
}

func (p *inlineParser) flush() {
	if p.buf.Len() > 0 {
		p.out = append(p.out, mdSpan{text: p.buf.String(), style: p.style, href: p.href})
		p.buf.Reset()
	}
}

// run parses s in style (inside a link to href when set).
func (p *inlineParser) run(s string, style mdStyle, href string) {
	for i := 0; i < len(s); {
		j := strings.IndexAny(s[i:], "\\`![*_<h")
		if j < 0 {
			p.add(s[i:], style, href)
			return
		}
		p.add(s[i:i+j], style, href)
		i += j
		if n := p.markup(s, i, style, href); n > 0 {
			i += n
			continue
		}
		p.add(s[i:i+1], style, href)
		i++
	}
}

// markup handles the markup starting at s[i], if any, and returns how
// many bytes it took (0: s[i] is plain text).
func (p *inlineParser) markup(s string, i int, style mdStyle, href string) int {
	rest := s[i:]
	switch c := s[i]; {
	case c == '\\' && len(rest) > 1 && strings.IndexByte(mdEscapable, rest[1]) >= 0:
		p.add(rest[1:2], style, href)
		return 2
	case c == '`':
		if j := strings.IndexByte(rest[1:], '`'); j > 0 {
			p.add(rest[1:1+j], style|mdMono, href)
			return j + 2
		}
	case c == '!' && strings.HasPrefix(rest, "!["):
		if alt, _, n := linkAt(rest[1:]); n > 0 {
			p.add("["+alt+"]", style|mdItalic, href)
			return n + 1
		}
	case c == '[' && href == "":
		if text, to, n := linkAt(rest); n > 0 {
			p.run(text, style|mdLink, to)
			return n
		}
	case c == '<' && href == "":
		if j := strings.IndexByte(rest, '>'); j > 0 && isURL(rest[1:j]) {
			p.add(rest[1:j], style|mdLink, rest[1:j])
			return j + 1
		}
	case c == 'h' && href == "" && (i == 0 || !isWordByte(s[i-1])) && isURL(rest):
		u := bareURL(rest)
		p.add(u, style|mdLink, u)
		return len(u)
	case c == '*' || c == '_':
		if inner, st, n := emphasisAt(s, i); n > 0 {
			p.run(inner, style|st, href)
			return n
		}
	}
	return 0
}

// linkAt reads "[text](href ...)" at the start of s and returns the text,
// the href and the bytes taken (0 when s does not start a link).
func linkAt(s string) (text, href string, n int) {
	if !strings.HasPrefix(s, "[") {
		return "", "", 0
	}
	end := strings.IndexByte(s, ']')
	if end < 0 || end+1 >= len(s) || s[end+1] != '(' {
		return "", "", 0
	}
	close, depth := -1, 0
	for i, c := range s[end+2:] { // parentheses in the address pair up
		if c == '(' {
			depth++
		} else if c == ')' {
			if depth == 0 {
				close = i
				break
			}
			depth--
		}
	}
	if close < 0 {
		return "", "", 0
	}
	inside := strings.Fields(s[end+2 : end+2+close])
	if len(inside) > 0 {
		href = strings.Trim(inside[0], "<>")
	}
	return s[1:end], href, end + 3 + close
}

// emphasisAt reads **strong**, __strong__, *emphasis* or _emphasis_ at
// s[i]: the inner text, its style and the bytes taken.
func emphasisAt(s string, i int) (string, mdStyle, int) {
	c := s[i]
	delim, st := s[i:i+1], mdItalic
	if i+1 < len(s) && s[i+1] == c {
		delim, st = s[i:i+2], mdBold
	}
	if (c == '_' || len(delim) == 1) && i > 0 && isWordByte(s[i-1]) {
		return "", 0, 0 // snake_case_name, 2*3
	}
	open := i + len(delim)
	if open >= len(s) || s[open] == ' ' {
		return "", 0, 0
	}
	for from := open + 1; from <= len(s); {
		j := strings.Index(s[from:], delim)
		if j < 0 {
			return "", 0, 0
		}
		end := from + j
		after := end + len(delim)
		for len(delim) == 2 && after < len(s) && s[after] == c { // ***: the strong closes last
			end, after = end+1, after+1
		}
		switch {
		case s[end-1] == ' ':
		case len(delim) == 1 && after < len(s) && s[after] == c: // part of a ** pair inside
			after++
			from = after
			continue
		case c == '_' && after < len(s) && isWordByte(s[after]):
		default:
			return s[open:end], st, after - i
		}
		from = end + 1
	}
	return "", 0, 0
}

// isURL reports whether s starts with an http(s) address.
func isURL(s string) bool {
	return (strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")) && len(s) > len("https://")
}

// bareURL is the address at the start of s: up to a space, without the
// punctuation that ends a sentence or closes a bracket around it.
func bareURL(s string) string {
	end := strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '<' || r == '>' || r == '"' })
	if end < 0 {
		end = len(s)
	}
	u := s[:end]
	for len(u) > 0 {
		r, n := utf8.DecodeLastRuneInString(u)
		if !strings.ContainsRune(".,;:!?)]'*_", r) {
			break
		}
		if r == ')' && strings.Count(u, "(") >= strings.Count(u, ")") {
			break // a parenthesis of the address itself
		}
		u = u[:len(u)-n]
	}
	return u
}

// isWordByte reports whether b is an ASCII letter, digit or underscore,
// or part of a multi-byte rune (taken as a letter).
func isWordByte(b byte) bool {
	return b == '_' || b >= 0x80 || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
