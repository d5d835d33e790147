package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/llm"
)

// Risk grades what a tool can break.
type Risk int

// Risks: a high-risk call asks the user first.
const (
	Low Risk = iota
	Medium
	High
)

func (r Risk) String() string { return [...]string{"low", "medium", "high"}[r] }

// Meta is a tool's execution metadata.
type Meta struct {
	ReadOnly        bool          // changes nothing; eligible for repeat detection
	ConcurrencySafe bool          // may run alongside other safe calls
	Risk            Risk          // High asks the user through a Confirmer
	TimeoutFloor    time.Duration // the call's timeout is at least this
	Cacheable       bool          // results are reused for CacheTTL
	CacheTTL        time.Duration // default 5 minutes
	CacheScope      string        // seed 001's cache scope: "" (tool_result), "web_search" or "page_fetch"
	AnimationHint   string        // gesture announced with perform-skill
}

// Tool is one callable tool. Run returns the text the model sees; an error
// becomes an error result the model sees, with the error's text.
type Tool struct {
	Name        string
	Description string
	Schema      json.RawMessage
	Meta        Meta
	Run         func(ctx context.Context, args json.RawMessage) (string, error)
	// RunResult, when set, is called instead of Run: for tools that hand
	// the model pictures as well as text.
	RunResult func(ctx context.Context, args json.RawMessage) (Result, error)
	// Assess grades one call before it runs (nil: Meta.Risk, no scope).
	// It must be cheap and must not act: the gate calls it to decide
	// whether to ask the user.
	Assess func(args json.RawMessage) Assessment
}

// Result is what a tool hands back: text, and pictures for models that see.
// Skills also report how the outcome feels and what they found: the
// executor's skill-done event carries Sentiment and Data.
type Result struct {
	Text      string
	Images    []llm.Image
	Sentiment float64         // −1..1; skill-done above 0.3 celebrates, below −0.2 concerns
	Data      json.RawMessage // structured outcome, optional
}

// Assessment is what one call would do, judged from its arguments.
type Assessment struct {
	// Risk of this call; the gate uses the higher of it and Meta.Risk (so
	// fs_write of a new file stays medium, overwriting one is high).
	Risk Risk
	// Scope narrows an "always allow": the path (under a root) or the
	// command a call acts on. A grant for scope S covers calls whose scope
	// is S or lies under it (a path below, a command with S as prefix).
	Scope string
	// Summary says the call in plain words for the prompt and the log,
	// e.g. "delete ~/notes/todo.txt (moved to the trash)".
	Summary string
}

// Call runs t with args, through RunResult when the tool has it.
func (t *Tool) Call(ctx context.Context, args json.RawMessage) (Result, error) {
	if t.RunResult != nil {
		return t.RunResult(ctx, args)
	}
	s, err := t.Run(ctx, args)
	return Result{Text: s}, err
}

// Grade returns the call's assessment with the risk at least Meta.Risk.
func (t *Tool) Grade(args json.RawMessage) Assessment {
	var a Assessment
	if t.Assess != nil {
		a = t.Assess(args)
	}
	a.Risk = max(a.Risk, t.Meta.Risk)
	return a
}

// Spec is the tool as the model sees it.
func (t *Tool) Spec() llm.ToolSpec {
	return llm.ToolSpec{Name: t.Name, Description: strings.TrimSpace(t.Description), Schema: t.Schema}
}

// Registry holds tools by name, in registration order. It is safe for
// concurrent use: MCP servers add and withdraw tools while turns run.
type Registry struct {
	mu     sync.RWMutex
	byName map[string]*Tool
	order  []string
	absent func(name string) string // see SetAbsent
}

// NewRegistry returns a registry of ts; a later tool replaces an earlier
// one of the same name (skills override built-ins).
func NewRegistry(ts ...*Tool) *Registry {
	r := &Registry{byName: map[string]*Tool{}}
	for _, t := range ts {
		r.Add(t)
	}
	return r
}

// Add registers t.
func (r *Registry) Add(t *Tool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.addLocked(t)
}

func (r *Registry) addLocked(t *Tool) {
	if _, ok := r.byName[t.Name]; !ok {
		r.order = append(r.order, t.Name)
	}
	r.byName[t.Name] = t
}

// Sync makes the tools whose names start with prefix exactly ts: the
// others of that prefix are withdrawn (an MCP server's tools after
// list_changed, or after the server died).
func (r *Registry) Sync(prefix string, ts []*Tool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.order = slices.DeleteFunc(r.order, func(n string) bool {
		if strings.HasPrefix(n, prefix) {
			delete(r.byName, n)
			return true
		}
		return false
	})
	for _, t := range ts {
		if strings.HasPrefix(t.Name, prefix) {
			r.addLocked(t)
		}
	}
}

// Get returns the named tool.
func (r *Registry) Get(name string) (*Tool, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	t, ok := r.byName[name]
	return t, ok
}

// SetAbsent sets how the registry explains a tool it does not hold yet:
// f returns why (an MCP server's tool while the server is connecting), or
// "" when it knows no reason.
func (r *Registry) SetAbsent(f func(name string) string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.absent = f
}

// Missing is the error text for a call of name, which the registry does
// not hold: the reason SetAbsent gives, else the tools there are.
func (r *Registry) Missing(name string) string {
	r.mu.RLock()
	f := r.absent
	r.mu.RUnlock()
	if f != nil {
		if why := f(name); why != "" {
			return why
		}
	}
	return fmt.Sprintf("unknown tool %q; available: %s", name, strings.Join(r.Names(), ", "))
}

// Names lists the tools in registration order.
func (r *Registry) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return slices.Clone(r.order)
}

// All lists the tools in registration order.
func (r *Registry) All() []*Tool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]*Tool, len(r.order))
	for i, n := range r.order {
		out[i] = r.byName[n]
	}
	return out
}

// Specs lists the tools as the model sees them.
func (r *Registry) Specs() []llm.ToolSpec {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]llm.ToolSpec, 0, len(r.order))
	for _, n := range r.order {
		out = append(out, r.byName[n].Spec())
	}
	return out
}
