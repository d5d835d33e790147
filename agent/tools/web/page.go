package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/kin-companion/kin/agent/tools"
)

// page is a fetched text document, parsed when it is HTML.
type page struct {
	*response
	Text string     // the body as UTF-8
	Doc  *html.Node // the parsed page; nil unless HTML
}

// load fetches raw and decodes it; HTML (declared, or plain text that is
// plainly HTML) is parsed.
func (f *fetcher) load(ctx context.Context, tool, raw string) (*page, error) {
	r, err := f.get(ctx, tool, raw)
	if err != nil {
		return nil, err
	}
	p := &page{response: r, Text: decodeText(r.Body, r.Header.Get("Content-Type"))}
	if isHTML(r.MediaType) || r.MediaType == "text/plain" && sniffHTML(r.Body) {
		doc, err := html.Parse(strings.NewReader(p.Text))
		if err != nil {
			return nil, fmt.Errorf("%s: %s is not a page kin can read: %v", tool, r.URL.Redacted(), err)
		}
		p.Doc = doc
	}
	return p, nil
}

// loadHTML is load for the tools that need a web page.
func (f *fetcher) loadHTML(ctx context.Context, tool, raw string) (*page, error) {
	p, err := f.load(ctx, tool, raw)
	if err == nil && p.Doc == nil {
		err = fmt.Errorf("%s: %s is %s, not a web page (HTML); use web_fetch to read it as text", tool, p.URL.Redacted(), p.MediaType)
	}
	return p, err
}

// Base is the URL relative links resolve against: <base href> when the
// page has one, else the address it was fetched from.
func (p *page) Base() *url.URL {
	if p.Doc != nil {
		if b := find(p.Doc, atom.Base); b != nil {
			if u, err := p.URL.Parse(strings.TrimSpace(attr(b, "href"))); err == nil && attr(b, "href") != "" {
				return u
			}
		}
	}
	return p.URL
}

// Title is the page's <title>, white space collapsed.
func (p *page) Title() string {
	if p.Doc == nil {
		return ""
	}
	if t := find(p.Doc, atom.Title); t != nil {
		return textOf(t)
	}
	return ""
}

// urlArgs are the arguments of the tools that take only a URL.
type urlArgs struct {
	URL string `json:"url"`
}

// urlSchema is the schema of a tool that takes only a URL.
func urlSchema(what string) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"type":"object","properties":{
 "url":{"type":"string","description":%q}},"required":["url"]}`, what))
}

// assessURL is the Assess of the page tools: scope is the URL's host.
func assessURL(verb string) func(json.RawMessage) tools.Assessment {
	return func(args json.RawMessage) tools.Assessment {
		var a urlArgs
		_ = json.Unmarshal(args, &a)
		return tools.Assessment{Risk: tools.Low, Scope: hostOf(a.URL), Summary: verb + " " + strings.TrimSpace(a.URL)}
	}
}

// hostOf returns the lower-cased host (with port) of a URL, "" if none.
func hostOf(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Host)
}
