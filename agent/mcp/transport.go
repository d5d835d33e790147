package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/redact"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// stopGrace is how long a child gets to exit after its stdin closes (and
// again after SIGTERM) before it is killed.
const stopGrace = 2 * time.Second

// transport returns a fresh transport to the server: transports are not
// reused between connections.
func (s *server) transport() (sdk.Transport, error) {
	switch s.cfg.Type {
	case Stdio:
		cmd := exec.Command(s.cfg.Command, s.cfg.Args...)
		// A server gets the user's environment without its credentials (kin's
		// own API keys among them); one it needs goes in its "env" in mcp.json.
		cmd.Env, _ = redact.Env(os.Environ())
		for k, v := range s.cfg.Env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		cmd.Stderr = s.log        // the user's terminal stays clean
		cmd.WaitDelay = stopGrace // a grandchild holding stderr cannot block Wait
		return &sdk.CommandTransport{Command: cmd, TerminateDuration: stopGrace}, nil
	case HTTP:
		s.http = &httpTrace{}
		hc := &http.Client{Transport: headerTransport{headers: s.cfg.Headers, base: http.DefaultTransport, trace: s.http}}
		return &sdk.StreamableClientTransport{Endpoint: s.cfg.URL, HTTPClient: hc}, nil
	}
	return nil, fmt.Errorf("MCP server %q has no command or url to connect with", s.name)
}

// headerTransport adds the configured headers to every request and notes
// how the last one went, which the SDK's errors leave out.
type headerTransport struct {
	headers map[string]string
	base    http.RoundTripper
	trace   *httpTrace // optional
}

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if len(h.headers) > 0 {
		r = r.Clone(r.Context())
		for k, v := range h.headers {
			r.Header.Set(k, v)
		}
	}
	resp, err := h.base.RoundTrip(r)
	if h.trace != nil {
		h.trace.note(resp, err)
	}
	return resp, err
}

// httpTrace remembers the last HTTP status or network error.
type httpTrace struct {
	mu     sync.Mutex
	status int
	err    error
}

func (t *httpTrace) note(resp *http.Response, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.status, t.err = 0, err
	if resp != nil {
		t.status = resp.StatusCode
	}
}

func (t *httpTrace) last() (int, error) {
	if t == nil {
		return 0, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.status, t.err
}

// startError phrases why a connection attempt failed. ictx is the attempt's
// own context, ended by InitTimeout.
func (s *server) startError(ctx, ictx context.Context, err error) error {
	last := ""
	if l := s.log.lastLine(); l != "" {
		last = "; its last words: " + l
	}
	switch {
	case errors.Is(err, exec.ErrNotFound), errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("could not start MCP server %q: the program %q was not found; check \"command\" in mcp.json", s.name, s.cfg.Command)
	case ctx.Err() == nil && errors.Is(ictx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("MCP server %q did not finish starting within %v%s", s.name, s.m.opt.InitTimeout, last)
	case s.cfg.Type == HTTP:
		return s.httpError(err)
	case errors.Is(err, sdk.ErrConnectionClosed), errors.Is(err, io.EOF):
		return fmt.Errorf("MCP server %q exited while starting%s", s.name, last)
	}
	return fmt.Errorf("MCP server %q failed while starting (%v)%s", s.name, err, last)
}

// httpError phrases a failed HTTP connection from what the server (or the
// network) last said.
func (s *server) httpError(err error) error {
	status, nerr := s.http.last()
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return fmt.Errorf("MCP server %q at %s refused kin (%d %s); check its \"headers\" in mcp.json",
			s.name, s.cfg.URL, status, http.StatusText(status))
	case nerr != nil:
		return fmt.Errorf("could not reach MCP server %q at %s (%v)", s.name, s.cfg.URL, nerr)
	case status >= 300:
		return fmt.Errorf("MCP server %q at %s answered %d %s; is the url right?", s.name, s.cfg.URL, status, http.StatusText(status))
	}
	return fmt.Errorf("could not connect to MCP server %q at %s: %v", s.name, s.cfg.URL, err)
}
