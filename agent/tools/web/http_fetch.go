package web

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed http_fetch.md
var httpFetchDescription string

var httpFetchSchema = json.RawMessage(`{"type":"object","properties":{
 "url":{"type":"string","description":"The http or https address"},
 "method":{"type":"string","enum":["GET","HEAD","POST","PUT","PATCH","DELETE","OPTIONS"],"default":"GET"},
 "headers":{"type":"object","additionalProperties":{"type":"string"},"description":"Request headers, name to value"},
 "body":{"type":"string","description":"Request body (text)"}},
 "required":["url"]}`)

const maxRequestBody = 1 << 20

var methods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}

// forbiddenHeaders are set by the transport, not by the model.
var forbiddenHeaders = []string{"Host", "Content-Length", "Transfer-Encoding", "Connection", "Accept-Encoding",
	"Upgrade", "Te", "Trailer", "Keep-Alive", "Proxy-Connection", "Proxy-Authorization"}

// shownHeaders are the response headers http_fetch reports.
var shownHeaders = []string{"Content-Type", "Content-Length", "Content-Language", "Content-Disposition",
	"Location", "Last-Modified", "Etag", "Cache-Control", "Expires", "Date", "Allow", "Link",
	"Retry-After", "Www-Authenticate", "X-Ratelimit-Limit", "X-Ratelimit-Remaining", "X-Ratelimit-Reset"}

type httpArgs struct {
	URL     string            `json:"url"`
	Method  string            `json:"method"`
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body"`
}

// httpFetch returns the http_fetch tool.
func httpFetch(f *fetcher) *tools.Tool {
	return &tools.Tool{Name: "http_fetch", Description: httpFetchDescription, Schema: httpFetchSchema,
		Meta:   tools.Meta{Risk: tools.Medium, TimeoutFloor: overallTimeout},
		Assess: assessHTTP,
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[httpArgs]("http_fetch", args, httpFetchSchema)
			if err != nil {
				return "", err
			}
			req, err := f.httpRequest(ctx, a)
			if err != nil {
				return "", err
			}
			ctx, cancel := context.WithTimeout(ctx, overallTimeout)
			defer cancel()
			r, err := f.do("http_fetch", req.WithContext(ctx), true)
			if err != nil {
				return "", err
			}
			return formatHTTP(req.Method, r), nil
		}}
}

// assessHTTP rates GET and HEAD medium, anything else high.
func assessHTTP(args json.RawMessage) tools.Assessment {
	var a httpArgs
	_ = json.Unmarshal(args, &a)
	m := strings.ToUpper(strings.TrimSpace(a.Method))
	if m == "" {
		m = "GET"
	}
	risk := tools.Medium
	if m != "GET" && m != "HEAD" {
		risk = tools.High
	}
	sum := m + " " + strings.TrimSpace(a.URL)
	if a.Body != "" {
		sum += fmt.Sprintf(" (sending %d bytes)", len(a.Body))
	}
	return tools.Assessment{Risk: risk, Scope: hostOf(a.URL), Summary: sum}
}

// httpRequest checks the arguments and builds the request.
func (f *fetcher) httpRequest(ctx context.Context, a httpArgs) (*http.Request, error) {
	m := strings.ToUpper(strings.TrimSpace(a.Method))
	if m == "" {
		m = http.MethodGet
	}
	if !slices.Contains(methods, m) {
		return nil, fmt.Errorf("http_fetch: method must be one of %s, not %q", strings.Join(methods, ", "), a.Method)
	}
	if len(a.Body) > maxRequestBody {
		return nil, fmt.Errorf("http_fetch: body is %d bytes; kin sends at most %d", len(a.Body), maxRequestBody)
	}
	if a.Body != "" && (m == "GET" || m == "HEAD") {
		return nil, fmt.Errorf("http_fetch: a %s request cannot have a body; use POST or PUT to send one", m)
	}
	u, err := f.parseURL("http_fetch", a.URL)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, m, u.String(), strings.NewReader(a.Body))
	if err != nil {
		return nil, fmt.Errorf("http_fetch: %q is not an address kin can fetch: %v", a.URL, err)
	}
	for k, v := range a.Headers {
		if slices.Contains(forbiddenHeaders, http.CanonicalHeaderKey(k)) {
			return nil, fmt.Errorf("http_fetch: header %q is set by kin itself; leave it out", k)
		}
		req.Header.Set(k, v)
	}
	if a.Body != "" && req.Header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "text/plain; charset=utf-8")
		if json.Valid([]byte(a.Body)) {
			req.Header.Set("Content-Type", "application/json")
		}
	}
	if req.Header.Get("Accept") == "" {
		req.Header.Set("Accept", "*/*")
	}
	return req, nil
}

// formatHTTP shows status, selected headers and the body.
func formatHTTP(method string, r *response) string {
	var b strings.Builder
	fmt.Fprintf(&b, "HTTP %s\nURL: %s\n", statusLine(r.Status), r.URL.Redacted())
	for _, h := range shownHeaders {
		if v := r.Header.Get(h); v != "" {
			fmt.Fprintf(&b, "%s: %s\n", h, clip(v, 500))
		}
	}
	b.WriteString("\n")
	switch {
	case method == http.MethodHead || len(r.Body) == 0:
		b.WriteString("(no body)")
	case !isText(r.MediaType):
		fmt.Fprintf(&b, "(binary body: %d bytes of %s, not shown)", len(r.Body), r.MediaType)
	default:
		b.WriteString(decodeText(r.Body, r.Header.Get("Content-Type")))
	}
	return capText(b.String(), maxChars, false, r.Truncated)
}
