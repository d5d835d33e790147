package web

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"

	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/strikethrough"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// mdConverter turns HTML into Markdown; it is safe for concurrent use.
// Escaping is off: the model reads the text, nothing renders it, and the
// page's words must arrive as the page wrote them.
var mdConverter = sync.OnceValue(func() *converter.Converter {
	return converter.NewConverter(
		converter.WithEscapeMode(converter.EscapeModeDisabled),
		converter.WithPlugins(
			base.NewBasePlugin(), commonmark.NewCommonmarkPlugin(),
			table.NewTablePlugin(), strikethrough.NewStrikethroughPlugin(),
		))
})

// toMarkdown converts n to Markdown, links made absolute against base.
func toMarkdown(n *html.Node, base string) (string, error) {
	md, err := mdConverter().ConvertNode(n, converter.WithDomain(base))
	if err != nil {
		return "", fmt.Errorf("kin could not turn the page into text: %w", err)
	}
	return tidy(string(md)), nil
}

var blankRuns = regexp.MustCompile(`\n{3,}`)

// tidy trims trailing spaces and collapses runs of blank lines.
func tidy(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.TrimSpace(blankRuns.ReplaceAllString(strings.Join(lines, "\n"), "\n\n"))
}

// dropped are elements that are never readable content.
var dropped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true,
	atom.Nav: true, atom.Aside: true, atom.Footer: true,
	atom.Button: true, atom.Select: true, atom.Input: true, atom.Textarea: true,
	atom.Iframe: true, atom.Frame: true, atom.Frameset: true, atom.Object: true,
	atom.Embed: true, atom.Canvas: true, atom.Svg: true, atom.Math: true,
	atom.Dialog: true, atom.Link: true, atom.Meta: true,
}

// boilerRoles are ARIA landmarks around, not in, the content.
var boilerRoles = map[string]bool{
	"navigation": true, "banner": true, "contentinfo": true, "search": true,
	"complementary": true, "menu": true, "menubar": true, "dialog": true,
}

// stripBoilerplate removes scripts, styles, navigation, forms, hidden
// elements and a page-level <header> from the tree in place.
func stripBoilerplate(n *html.Node) {
	var walk func(n *html.Node, inContent bool)
	walk = func(n *html.Node, inContent bool) {
		for c := n.FirstChild; c != nil; {
			next := c.NextSibling
			switch {
			case c.Type == html.CommentNode, c.Type == html.ElementNode && isBoilerplate(c, inContent):
				n.RemoveChild(c)
			case c.Type == html.ElementNode:
				walk(c, inContent || c.DataAtom == atom.Article || c.DataAtom == atom.Main)
			}
			c = next
		}
	}
	walk(n, false)
}

func isBoilerplate(n *html.Node, inContent bool) bool {
	if dropped[n.DataAtom] || n.DataAtom == atom.Header && !inContent {
		return true
	}
	for _, a := range n.Attr {
		switch a.Key {
		case "hidden":
			return true
		case "aria-hidden":
			if a.Val == "true" {
				return true
			}
		case "role":
			if boilerRoles[strings.ToLower(a.Val)] {
				return true
			}
		case "style":
			if s := strings.ReplaceAll(strings.ToLower(a.Val), " ", ""); strings.Contains(s, "display:none") {
				return true
			}
		}
	}
	return false
}

// find returns the first element with the atom a in a depth-first walk.
func find(n *html.Node, a atom.Atom) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == a {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := find(c, a); f != nil {
			return f
		}
	}
	return nil
}

// textOf returns n's text with runs of white space collapsed.
func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// attr returns the value of n's attribute key ("" when absent).
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// hasText reports whether n holds any text that is not white space.
func hasText(n *html.Node) bool {
	if n.Type == html.TextNode && strings.TrimSpace(n.Data) != "" {
		return true
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if hasText(c) {
			return true
		}
	}
	return false
}

// prune removes everything after the first budget characters of text
// (white space runs counted once) from the tree, so a huge page is not
// converted only to be cut. It reports whether anything was removed.
func prune(n *html.Node, budget int) bool {
	left := budget
	var walk func(*html.Node) bool
	walk = func(n *html.Node) bool {
		if n.Type == html.TextNode {
			left -= collapsedLen(n.Data)
			return left < 0
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if walk(c) {
				for c.NextSibling != nil {
					n.RemoveChild(c.NextSibling)
				}
				return true
			}
		}
		return false
	}
	return walk(n)
}

// collapsedLen counts s's characters with each run of white space as one.
func collapsedLen(s string) int {
	n, space := 0, true
	for _, r := range s {
		isSpace := unicode.IsSpace(r)
		if !isSpace || !space {
			n++
		}
		space = isSpace
	}
	return n
}
