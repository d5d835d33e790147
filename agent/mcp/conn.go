package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/tools"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// server is one configured MCP server and the goroutine that keeps it
// connected.
type server struct {
	m       *Manager
	name    string // as configured
	id      string // sanitised, unique: the SERVER of mcp__SERVER__TOOL
	cfg     ServerConfig
	log     *lineWriter
	http    *httpTrace    // the current HTTP connection's last exchange
	refresh chan struct{} // a list_changed arrived
	check   chan struct{} // a call failed oddly: ping now

	mu       sync.Mutex
	state    State
	lastErr  error
	attempts int
	session  *sdk.ClientSession // nil unless ready
	tools    []*tools.Tool
}

func newServer(m *Manager, name, id string, cfg ServerConfig) *server {
	return &server{m: m, name: name, id: id, cfg: cfg, state: Connecting,
		refresh: make(chan struct{}, 1), check: make(chan struct{}, 1),
		log: &lineWriter{out: m.opt.Log, mu: &m.logMu, prefix: []byte("mcp " + name + ": ")}}
}

// run connects, serves until the server stops, and retries with
// exponential backoff until ctx ends. Each outage is reported once; a
// server that stayed up for MaxBackoff counts as recovered.
func (s *server) run(ctx context.Context) {
	o := s.m.opt
	backoff, reported := o.MinBackoff, false
	for {
		up, err := s.attempt(ctx)
		if ctx.Err() != nil {
			return
		}
		if up >= o.MaxBackoff {
			backoff, reported = o.MinBackoff, false
		}
		s.setState(Failed, err)
		s.log.emit([]byte("kin: " + err.Error()))
		if !reported {
			s.m.report(s, err)
			reported = true
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, o.MaxBackoff)
		s.setState(Retrying, err)
	}
}

// attempt makes one connection and serves it; it returns how long the
// server was ready and why it stopped.
func (s *server) attempt(ctx context.Context) (time.Duration, error) {
	s.mu.Lock()
	s.attempts++
	s.mu.Unlock()
	s.log.forget()
	cs, err := s.connect(ctx)
	if err != nil {
		return 0, err
	}
	start := time.Now()
	err = s.serve(ctx, cs)
	return time.Since(start), err
}

// connect starts or reaches the server and completes the handshake within
// InitTimeout.
func (s *server) connect(ctx context.Context) (*sdk.ClientSession, error) {
	o := s.m.opt
	t, err := s.transport()
	if err != nil {
		return nil, err
	}
	client := sdk.NewClient(&sdk.Implementation{Name: o.Name, Version: o.Version}, &sdk.ClientOptions{
		Logger: slog.New(slog.NewTextHandler(s.log, &slog.HandlerOptions{Level: slog.LevelWarn})),
		ToolListChangedHandler: func(context.Context, *sdk.ToolListChangedRequest) {
			select {
			case s.refresh <- struct{}{}:
			default:
			}
		},
	})
	ictx, cancel := context.WithTimeout(ctx, o.InitTimeout)
	defer cancel()
	cs, err := client.Connect(ictx, t, nil)
	if err != nil {
		return nil, s.startError(ctx, ictx, err)
	}
	return cs, nil
}

// serve offers the server's tools until it stops or ctx ends, refreshing
// them on list_changed and pinging it now and then. The tools are
// withdrawn before it returns.
func (s *server) serve(ctx context.Context, cs *sdk.ClientSession) error {
	defer cs.Close()
	if err := s.relist(ctx, cs); err != nil {
		return err
	}
	defer s.withdraw()
	died := make(chan error, 1)
	go func() { died <- cs.Wait() }()
	var ping <-chan time.Time
	if iv := s.m.opt.PingInterval; iv > 0 {
		t := time.NewTicker(iv)
		defer t.Stop()
		ping = t.C
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-died:
			cs.Close() // reaps the child, so its last words are in the log
			return s.stopError(err)
		case <-s.refresh:
			if err := s.relist(ctx, cs); err != nil {
				return err
			}
		case <-ping:
			if err := s.ping(ctx, cs); err != nil {
				return err
			}
		case <-s.check:
			if err := s.ping(ctx, cs); err != nil {
				return err
			}
		}
	}
}

// relist fetches the tool list and offers it.
func (s *server) relist(ctx context.Context, cs *sdk.ClientSession) error {
	lctx, cancel := context.WithTimeout(ctx, s.m.opt.InitTimeout)
	defer cancel()
	var list []*sdk.Tool
	for t, err := range cs.Tools(lctx, nil) {
		if err != nil {
			return fmt.Errorf("MCP server %q did not list its tools: %w", s.name, err)
		}
		list = append(list, t)
	}
	ts := make([]*tools.Tool, 0, len(list))
	taken := map[string]bool{}
	for _, t := range list {
		kt := s.kinTool(t)
		for i := 2; taken[kt.Name]; i++ { // "a.b" and "a_b" sanitise alike
			kt.Name = ToolName(s.id, fmt.Sprintf("%s_%d", t.Name, i))
		}
		taken[kt.Name] = true
		ts = append(ts, kt)
	}
	s.mu.Lock()
	s.state, s.lastErr, s.session, s.tools = Ready, nil, cs, ts
	s.mu.Unlock()
	s.m.notify()
	return nil
}

// ping checks the server still answers.
func (s *server) ping(ctx context.Context, cs *sdk.ClientSession) error {
	pctx, cancel := context.WithTimeout(ctx, s.m.opt.InitTimeout)
	defer cancel()
	err := cs.Ping(pctx, nil)
	switch {
	case err == nil, ctx.Err() != nil, answered(err) != nil: // an error answer is an answer
		return nil
	case errors.Is(err, sdk.ErrConnectionClosed), errors.Is(err, io.EOF):
		cs.Close()
		return s.stopError(nil)
	}
	return fmt.Errorf("MCP server %q stopped answering (%v); its tools are unavailable until it is back", s.name, err)
}

// suspect asks the serving loop to check the server is still there.
func (s *server) suspect() {
	select {
	case s.check <- struct{}{}:
	default:
	}
}

// answered returns the error the server itself sent back, or nil when err
// is the connection's own failure (closed, closing, rejected by the
// transport).
func answered(err error) *jsonrpc.Error {
	var werr *jsonrpc.Error
	if !errors.As(err, &werr) || werr.Code >= -32005 && werr.Code <= -32003 {
		return nil
	}
	return werr
}

// withdraw stops offering the server's tools.
func (s *server) withdraw() {
	s.mu.Lock()
	s.session, s.tools = nil, nil
	s.mu.Unlock()
	s.m.notify()
}

func (s *server) setState(st State, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.state = st
	if err != nil {
		s.lastErr = err
	}
}

// offered returns the tools while the server is ready.
func (s *server) offered() []*tools.Tool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.tools)
}

// current returns the live session, or nil.
func (s *server) current() *sdk.ClientSession {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.session
}

func (s *server) status() ServerStatus {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := ServerStatus{Name: s.name, Transport: s.cfg.Type, State: s.state,
		Tools: names(s.tools), Attempts: s.attempts}
	if s.lastErr != nil {
		st.LastError = s.lastErr.Error()
	}
	return st
}

// stopError phrases why a ready server went away.
func (s *server) stopError(err error) error {
	why := "it closed the connection"
	if err != nil && !errors.Is(err, sdk.ErrConnectionClosed) {
		why = err.Error()
	}
	if l := s.log.lastLine(); l != "" {
		why += "; its last words: " + l
	}
	return fmt.Errorf("MCP server %q stopped (%s); its tools are unavailable until it is back", s.name, why)
}
