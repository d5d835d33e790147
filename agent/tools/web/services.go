package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

const maxServiceAnswer = 2 << 20 // bytes of one search or weather answer

// services talks to the search and weather services named in Config.
type services struct {
	cfg    Config
	client *http.Client
}

func newServices(cfg Config) *services {
	g := &guard{allowLoopback: cfg.AllowLoopback, allow: cfg.serviceHosts()}
	return &services{cfg: cfg, client: g.client(cfg.Client)}
}

// statusError is a service's answer other than 2xx.
type statusError struct {
	code int
	body string // the start of the answer, for services that explain
}

func (e *statusError) Error() string {
	return fmt.Sprintf("the service answered %s", statusLine(e.code))
}

// getJSON GETs u with header and decodes the JSON answer into out. The
// error says what failed in words; it never includes the header's values.
func (s *services) getJSON(ctx context.Context, u *url.URL, header http.Header, out any) error {
	ctx, cancel := context.WithTimeout(ctx, overallTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return fmt.Errorf("the service address %q is not valid: %v", u.Redacted(), err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set("Accept", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		return explain(ctx, serviceURL(u), err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxServiceAnswer))
	if err != nil {
		return explain(ctx, serviceURL(u), err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &statusError{code: resp.StatusCode, body: clip(strings.TrimSpace(string(body)), 300)}
	}
	if err := json.Unmarshal(body, out); err != nil {
		return fmt.Errorf("the service at %s did not answer with the expected JSON: %v", serviceURL(u).Redacted(), err)
	}
	return nil
}

// serviceURL is u without its query, for messages: queries can hold what
// the user searched for, and never need repeating.
func serviceURL(u *url.URL) *url.URL {
	c := *u
	c.RawQuery, c.ForceQuery = "", false
	return &c
}

// endpoint parses a configured service URL and sets its query.
func endpoint(raw string, q url.Values) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("the service address %q in kin's settings is not a full web address", raw)
	}
	merged := u.Query()
	for k, v := range q {
		merged[k] = v
	}
	u.RawQuery = merged.Encode()
	return u, nil
}
