package subagent

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
)

// Caller is who the permission gate and the diary record as making a
// sub-agent's tool calls.
const Caller = "subagent"

// Defaults of [Config].
const (
	DefaultMaxRounds = 25
	DefaultMaxActive = 3
)

// keepEnded is how many ended sub-agents list_subagents still shows.
const keepEnded = 20

// DefaultExclude are tools a sub-agent never gets besides this family:
// they would flood its context (observe_screen), outlive it (scheduling)
// or speak over the character (speak, change_voice).
var DefaultExclude = []string{"observe_screen", "schedule_task", "cancel_task", "speak", "change_voice"}

// Notes is the main conversation as a sub-agent reaches it:
// [runtime.Runtime] implements it, queuing the note for the next turn.
type Notes interface {
	Inform(note string)
}

// Config builds a [Manager]. Provider and Registry are required.
type Config struct {
	Provider llm.Provider    // the model the sub-agents think with
	Registry *tools.Registry // the main registry: the tools a sub-agent may be given
	Gate     *tools.Gate     // the main permission gate; nil denies high-risk calls
	Bus      *protocol.Bus   // the main bus: progress (think) and results (speak); nil: none
	Notes    Notes           // the main conversation; nil: questions and results are only spoken
	// Manifest is the character: its name and brain settings; default
	// manifest.Default().
	Manifest  *manifest.Manifest
	MaxRounds int      // per sub-agent; default DefaultMaxRounds
	MaxActive int      // running or waiting at once; default DefaultMaxActive
	Exclude   []string // default DefaultExclude
	// OnEnd receives every sub-agent's report when it ends: done, failed
	// or cancelled with its partial work. Use it to keep the transcript.
	OnEnd func(Report)
	Now   func() time.Time // default time.Now
}

// State is where a sub-agent is.
type State string

// States: Running and Waiting count as active.
const (
	Running   State = "running"
	Waiting   State = "waiting for the user"
	Done      State = "done"
	Failed    State = "failed"
	Cancelled State = "cancelled"
)

// Active reports whether s counts against the limit.
func (s State) Active() bool { return s == Running || s == Waiting }

// Status is a sub-agent as list_subagents shows it.
type Status struct {
	ID, Goal string
	State    State
	Tools    []string
	Started  time.Time
	Steps    int    // tool calls so far
	Question string // while Waiting
	Result   string // once ended: the answer, or the error
}

// Report is what a sub-agent leaves behind when it ends.
type Report struct {
	ID, Goal string
	State    State
	Result   string   // the final answer ("" unless Done)
	Partial  []string // what its tools returned along the way, clipped
	Err      error    // why it failed or was cancelled
}

// Manager runs the sub-agents of one session. Its methods are safe from
// any goroutine.
type Manager struct {
	cfg Config
	wg  sync.WaitGroup

	mu     sync.Mutex
	next   int
	agents map[string]*agent
	order  []string
	closed bool
}

// New returns a manager; add its [Manager.Tools] to the main registry and
// register [Manager.CancelAll] with the runtime's OnAbort.
func New(cfg Config) *Manager {
	if cfg.Manifest == nil {
		cfg.Manifest = manifest.Default()
	}
	if cfg.MaxRounds <= 0 {
		cfg.MaxRounds = DefaultMaxRounds
	}
	if cfg.MaxActive <= 0 {
		cfg.MaxActive = DefaultMaxActive
	}
	if cfg.Exclude == nil {
		cfg.Exclude = DefaultExclude
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Manager{cfg: cfg, agents: map[string]*agent{}}
}

// ErrTooMany is returned by [Manager.Spawn] when MaxActive sub-agents are
// already at work.
var ErrTooMany = errors.New("too many sub-agents at work")

// Spawn starts a sub-agent on goal with the named tools (all the main
// registry's but the excluded when names is empty) and returns its id at
// once; the sub-agent works in the background.
func (m *Manager) Spawn(goal string, names []string) (string, error) {
	goal = strings.TrimSpace(goal)
	if goal == "" {
		return "", errors.New("the goal is empty: say what the sub-agent should do")
	}
	a := &agent{m: m, goal: goal, done: make(chan struct{})}
	reg, err := m.toolset(names, a)
	if err != nil {
		return "", err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return "", errors.New("kin is shutting down; no new sub-agents can start")
	}
	if busy := m.activeLocked(); len(busy) >= m.cfg.MaxActive {
		return "", fmt.Errorf("%w: %d are working already (%s); wait for one to finish or cancel one with cancel_subagent",
			ErrTooMany, len(busy), strings.Join(busy, ", "))
	}
	m.next++
	a.id, a.state, a.started, a.tools = strconv.Itoa(m.next), Running, m.cfg.Now(), reg.Names()
	ctx, cancel := context.WithCancel(context.Background()) // outlives the spawning call
	a.cancel = cancel
	m.agents[a.id] = a
	m.order = append(m.order, a.id)
	m.trimLocked()
	m.wg.Add(1)
	go a.run(ctx, reg)
	return a.id, nil
}

// activeLocked lists the ids of the active sub-agents.
func (m *Manager) activeLocked() []string {
	var ids []string
	for _, id := range m.order {
		if m.agents[id].state.Active() {
			ids = append(ids, id)
		}
	}
	return ids
}

// trimLocked forgets the oldest ended sub-agents beyond keepEnded.
func (m *Manager) trimLocked() {
	ended := 0
	for i := len(m.order) - 1; i >= 0; i-- {
		id := m.order[i]
		if m.agents[id].state.Active() {
			continue
		}
		if ended++; ended > keepEnded {
			delete(m.agents, id)
			m.order = slices.Delete(m.order, i, i+1)
		}
	}
}

// get returns the sub-agent id, or an error naming the ones there are.
func (m *Manager) get(id string) (*agent, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if a, ok := m.agents[strings.TrimSpace(id)]; ok {
		return a, nil
	}
	if len(m.order) == 0 {
		return nil, fmt.Errorf("there is no sub-agent %q: none has been started", id)
	}
	return nil, fmt.Errorf("there is no sub-agent %q; the ids are %s", id, strings.Join(m.order, ", "))
}

// Reply passes the user's answer to sub-agent id, which is waiting in
// ask_user, and lets it go on.
func (m *Manager) Reply(id, answer string) error {
	a, err := m.get(id)
	if err != nil {
		return err
	}
	return a.reply(answer)
}

// Cancel stops sub-agent id and waits (until ctx ends) for it to wrap up;
// the report keeps its partial work. The caller gets the report instead
// of the main conversation (OnEnd still does).
func (m *Manager) Cancel(ctx context.Context, id string) (Report, error) {
	a, err := m.get(id)
	if err != nil {
		return Report{}, err
	}
	m.mu.Lock()
	a.told = a.state.Active()
	m.mu.Unlock()
	a.cancel()
	select {
	case <-a.done:
		return a.report(), nil
	case <-ctx.Done():
		return Report{}, fmt.Errorf("sub-agent %s was told to stop but has not finished yet: %w", id, ctx.Err())
	}
}

// CancelAll stops every sub-agent without waiting (the session was
// aborted).
func (m *Manager) CancelAll() {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, a := range m.agents {
		a.cancel()
	}
}

// Close stops every sub-agent, refuses new ones and waits until all have
// ended and reported.
func (m *Manager) Close() {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
	m.CancelAll()
	m.wg.Wait()
}

// List returns the sub-agents, oldest first: the active ones and the last
// ones that ended.
func (m *Manager) List() []Status {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Status, 0, len(m.order))
	for _, id := range m.order {
		out = append(out, m.agents[id].statusLocked())
	}
	return out
}
