package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
)

const (
	maxDownload = 5 << 20 // bytes read from one response
	maxChars    = 20000   // characters handed to the model
	sniffLen    = 512     // bytes http.DetectContentType looks at
	// pruneBudget is the text kept of a page before it is converted:
	// enough that the Markdown still fills maxChars.
	pruneBudget = maxChars * 3 / 2
)

// fetcher makes the guarded requests of the page tools.
type fetcher struct {
	guard  *guard
	client *http.Client
}

func newFetcher(cfg Config) *fetcher {
	g := &guard{allowLoopback: cfg.AllowLoopback}
	return &fetcher{guard: g, client: g.client(cfg.Client)}
}

// response is a fetched body, capped at maxDownload bytes.
type response struct {
	URL       *url.URL // after redirects
	Status    int
	Header    http.Header
	MediaType string // lower case, no parameters; sniffed when not declared
	Body      []byte
	Truncated bool // the body was longer than maxDownload
}

// parseURL checks a URL argument before anything is sent.
func (f *fetcher) parseURL(tool, raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, fmt.Errorf("%s: url is missing; give the full address, e.g. https://example.com/page", tool)
	}
	u, err := url.Parse(raw)
	if err == nil && u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" {
		err = f.guard.checkURL(u) // refuses the scheme in words
		return nil, fmt.Errorf("%s: %q: %w", tool, raw, err)
	}
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("%s: %q is not a full web address; give one like https://example.com/page", tool, raw)
	}
	if err := f.guard.checkURL(u); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", tool, u.Redacted(), err)
	}
	return u, nil
}

// do sends req and reads at most maxDownload bytes of the answer. Binary
// content is refused after reading only enough to sniff it.
func (f *fetcher) do(tool string, req *http.Request, allowBinary bool) (*response, error) {
	req.Header.Set("User-Agent", userAgent)
	if req.Header.Get("Accept") == "" {
		req.Header.Set("Accept", "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5")
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", tool, explain(req.Context(), req.URL, err))
	}
	defer resp.Body.Close()
	r := &response{URL: resp.Request.URL, Status: resp.StatusCode, Header: resp.Header}
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(resp.Body, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, fmt.Errorf("%s: %w", tool, explain(req.Context(), req.URL, err))
	}
	head = head[:n]
	r.MediaType = mediaType(resp.Header.Get("Content-Type"), head)
	if !allowBinary && !isText(r.MediaType) {
		return nil, fmt.Errorf("%s: %s is %s, which is not text kin can read; only web pages and other text can be fetched", tool, r.URL.Redacted(), r.MediaType)
	}
	rest, err := io.ReadAll(io.LimitReader(resp.Body, maxDownload-int64(n)+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", tool, explain(req.Context(), req.URL, err))
	}
	r.Body = append(head, rest...)
	if len(r.Body) > maxDownload {
		r.Body, r.Truncated = r.Body[:maxDownload], true
	}
	return r, nil
}

// get fetches a page for the read-only tools: GET, 2xx only, text only.
func (f *fetcher) get(ctx context.Context, tool, raw string) (*response, error) {
	u, err := f.parseURL(tool, raw)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, overallTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %q is not an address kin can fetch: %v", tool, raw, err)
	}
	r, err := f.do(tool, req, false)
	if err != nil {
		return nil, err
	}
	if r.Status < 200 || r.Status > 299 {
		return nil, fmt.Errorf("%s: %s answered %s; %s", tool, r.URL.Redacted(), statusLine(r.Status), statusAdvice(r.Status))
	}
	return r, nil
}

// mediaType is the declared media type, or the sniffed one when the
// server declares none (or only the meaningless application/octet-stream).
func mediaType(contentType string, head []byte) string {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil || mt == "" || mt == "application/octet-stream" {
		mt, _, _ = mime.ParseMediaType(http.DetectContentType(head))
	}
	return strings.ToLower(mt)
}

// isText reports whether kin can read a media type as text.
func isText(mt string) bool {
	switch {
	case strings.HasPrefix(mt, "text/"),
		strings.HasSuffix(mt, "+xml"), strings.HasSuffix(mt, "+json"):
		return true
	}
	switch mt {
	case "application/json", "application/xml", "application/javascript",
		"application/x-javascript", "application/ecmascript", "application/x-sh",
		"application/x-yaml", "application/yaml", "application/toml",
		"application/x-ndjson", "application/csv", "application/sql":
		return true
	}
	return false
}

// isHTML reports whether a media type is a web page.
func isHTML(mt string) bool { return mt == "text/html" || mt == "application/xhtml+xml" }

// sniffHTML reports whether text declared as plain looks like HTML anyway.
func sniffHTML(body []byte) bool {
	head := bytes.TrimLeft(body[:min(len(body), sniffLen)], " \t\r\n\ufeff")
	return strings.HasPrefix(http.DetectContentType(head), "text/html")
}

func statusLine(code int) string {
	if t := http.StatusText(code); t != "" {
		return fmt.Sprintf("%d %s", code, t)
	}
	return fmt.Sprint(code)
}

func statusAdvice(code int) string {
	switch {
	case code == 401 || code == 403:
		return "the site does not let kin read this page"
	case code == 404 || code == 410:
		return "the page does not exist; check the address"
	case code == 429:
		return "the site is asking kin to slow down; try again later"
	case code >= 500:
		return "the site has a problem; try again later"
	}
	return "kin could not read the page"
}
