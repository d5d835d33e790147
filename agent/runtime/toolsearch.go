package runtime

import (
	"strings"
	"sync"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/toolsearch"
)

// DefaultToolLimit is how many tools a request may carry before the
// runtime offers only the core tools and tool_search.
const DefaultToolLimit = 40

// ToolSearch configures the deferred tools: when the registry holds more
// than Limit tools, a request carries the core tools plus tool_search, and
// each tool a search lists is offered for the rest of the turn.
type ToolSearch struct {
	// Limit is the registry size above which tools are deferred; 0 means
	// DefaultToolLimit, a negative value never defers (and registers no
	// tool_search).
	Limit int
	// Core says which tools every request carries; nil keeps every tool
	// except those of MCP servers (names starting with "mcp__").
	Core func(t *tools.Tool) bool
	// Results is the most tools one search lists; 0 means
	// toolsearch.DefaultResults.
	Results int
}

// isMCP is the default test for a deferrable tool.
func isMCP(t *tools.Tool) bool { return strings.HasPrefix(t.Name, "mcp__") }

// lazyTools chooses the tools a request carries, and remembers the tools
// found by tool_search during the current turn.
type lazyTools struct {
	cfg ToolSearch
	reg *tools.Registry

	mu    sync.Mutex
	found map[string]bool
}

// newLazyTools installs this runtime's tool_search into reg (replacing
// one copied from another runtime's registry) unless deferral is off.
func newLazyTools(cfg ToolSearch, reg *tools.Registry) *lazyTools {
	if cfg.Limit == 0 {
		cfg.Limit = DefaultToolLimit
	}
	if cfg.Core == nil {
		cfg.Core = func(t *tools.Tool) bool { return !isMCP(t) }
	}
	l := &lazyTools{cfg: cfg, reg: reg, found: map[string]bool{}}
	if cfg.Limit > 0 {
		reg.Add(toolsearch.Tool(toolsearch.Config{Candidates: l.hidden, Found: l.add, Results: cfg.Results}))
	}
	return l
}

// reset forgets the tools found in the previous turn.
func (l *lazyTools) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	clear(l.found)
}

func (l *lazyTools) add(names []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, n := range names {
		l.found[n] = true
	}
}

// deferring reports whether the registry of all (tool_search excluded)
// is too large to send whole.
func (l *lazyTools) deferring(all []*tools.Tool) bool {
	return l.cfg.Limit > 0 && len(all)-1 > l.cfg.Limit
}

// offered says whether t goes into the request.
func (l *lazyTools) offered(t *tools.Tool) bool {
	if t.Name == toolsearch.Name || l.cfg.Core(t) {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.found[t.Name]
}

// specs lists the tools the next request carries: every tool while the
// registry is small (without tool_search), else the core tools,
// tool_search and the tools found this turn.
func (l *lazyTools) specs() []llm.ToolSpec {
	all := l.reg.All()
	defer_ := l.deferring(all)
	out := make([]llm.ToolSpec, 0, len(all))
	for _, t := range all {
		switch {
		case !defer_ && t.Name == toolsearch.Name:
		case !defer_ || l.offered(t):
			out = append(out, t.Spec())
		}
	}
	return out
}

// hidden lists the tools a search looks through: those not offered now.
func (l *lazyTools) hidden() []*tools.Tool {
	all := l.reg.All()
	var out []*tools.Tool
	for _, t := range all {
		if !l.offered(t) {
			out = append(out, t)
		}
	}
	return out
}
