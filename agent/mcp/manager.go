package mcp

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

// Options tune a [Manager]. The zero value is usable.
type Options struct {
	// Report is told, once per outage, that a server could not start, hung
	// while starting or stopped, in a sentence fit for the user. Optional;
	// it is called from a background goroutine and should return quickly.
	Report func(server string, err error)
	// Log receives the servers' stderr and the SDK's warnings, one line at
	// a time prefixed with the server name. Default: discarded.
	Log io.Writer

	CallTimeout  time.Duration // per tool call; default 60s
	InitTimeout  time.Duration // start and handshake; default 15s
	PingInterval time.Duration // liveness check of a ready server; default 30s, negative: never
	MinBackoff   time.Duration // first wait before a retry; default 1s
	MaxBackoff   time.Duration // longest wait between retries; default 60s

	Name, Version string // how kin introduces itself to servers; default "kin", "dev"
}

func (o Options) withDefaults() Options {
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&o.CallTimeout, 60*time.Second)
	def(&o.InitTimeout, 15*time.Second)
	def(&o.PingInterval, 30*time.Second)
	def(&o.MinBackoff, time.Second)
	def(&o.MaxBackoff, 60*time.Second)
	o.MaxBackoff = max(o.MaxBackoff, o.MinBackoff)
	if o.Log == nil {
		o.Log = io.Discard
	}
	if o.Name == "" {
		o.Name = "kin"
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	return o
}

// State is where a server is in its life.
type State string

// States of a server, as `kin mcp list` shows them.
const (
	Connecting State = "connecting" // first start in progress
	Ready      State = "ready"      // connected; its tools are offered
	Failed     State = "failed"     // the last attempt failed; waiting to retry
	Retrying   State = "retrying"   // starting again after a failure
)

// ServerStatus is one server as `kin mcp list` shows it.
type ServerStatus struct {
	Name      string   // as configured
	Transport string   // Stdio or HTTP
	State     State    // connecting, ready, failed or retrying
	LastError string   // why the last attempt failed or the server stopped; "" if none
	Tools     []string // kin names of its tools while ready
	Attempts  int      // connection attempts so far
}

// Manager keeps kin connected to its MCP servers: it starts each one in
// the background, retries those that fail with exponential backoff, and
// offers the tools of the ready ones. Safe for concurrent use.
type Manager struct {
	opt     Options
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	changed chan struct{}
	servers []*server // in name order
	logMu   sync.Mutex
}

// Start connects to every enabled server of cfg in the background and
// returns at once; kin can use [Manager.Tools] straight away (empty until
// servers are ready) and watch [Manager.Changed]. Stop it with
// [Manager.Close].
func Start(ctx context.Context, cfg Config, opt Options) *Manager {
	ctx, cancel := context.WithCancel(ctx)
	m := &Manager{opt: opt.withDefaults(), cancel: cancel, changed: make(chan struct{}, 1)}
	var names []string
	for _, n := range cfg.Names() {
		if !cfg.Servers[n].Disabled {
			names = append(names, n)
		}
	}
	ids := uniqueNames(names)
	for _, n := range names {
		s := newServer(m, n, ids[n], cfg.Servers[n])
		m.servers = append(m.servers, s)
		m.wg.Add(1)
		go func() {
			defer m.wg.Done()
			s.run(ctx)
		}()
	}
	return m
}

// Tools returns the tools of the ready servers, named mcp__SERVER__TOOL,
// server by server in name order. Re-read it after [Manager.Changed].
func (m *Manager) Tools() []*tools.Tool {
	var out []*tools.Tool
	for _, s := range m.servers {
		out = append(out, s.offered()...)
	}
	return out
}

// Absent explains a call of name, a tool of one of its servers that it
// does not offer now because the server is not ready (still connecting,
// or failed and waiting to retry); "" for any other name.
func (m *Manager) Absent(name string) string {
	for _, s := range m.servers {
		if !strings.HasPrefix(name, "mcp__"+s.id+"__") {
			continue
		}
		st := s.status()
		switch st.State {
		case Ready:
			return ""
		case Connecting, Retrying:
			return fmt.Sprintf("tool %q is not there yet: the MCP server %q is still connecting; try again in a few seconds", name, st.Name)
		}
		why := ""
		if st.LastError != "" {
			why = " (" + st.LastError + ")"
		}
		return fmt.Sprintf("tool %q is not there now: the MCP server %q failed%s and kin retries it; try again later", name, st.Name, why)
	}
	return ""
}

// Changed receives a value when the set of tools may have changed: a
// server became ready or stopped, or a server's list changed. Sends
// coalesce, so one receive may stand for several changes.
func (m *Manager) Changed() <-chan struct{} { return m.changed }

// Status describes every server, in name order.
func (m *Manager) Status() []ServerStatus {
	out := make([]ServerStatus, 0, len(m.servers))
	for _, s := range m.servers {
		out = append(out, s.status())
	}
	return out
}

// Close disconnects every server, stops the child processes and waits for
// them to exit. It is safe to call more than once.
func (m *Manager) Close() {
	m.cancel()
	m.wg.Wait()
}

// notify signals Changed without blocking.
func (m *Manager) notify() {
	select {
	case m.changed <- struct{}{}:
	default:
	}
}

func (m *Manager) report(s *server, err error) {
	if m.opt.Report != nil {
		m.opt.Report(s.name, err)
	}
}

// names lists the kin names of ts.
func names(ts []*tools.Tool) []string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		out = append(out, t.Name)
	}
	return slices.Clip(out)
}
