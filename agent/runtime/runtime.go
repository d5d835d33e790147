package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/ctxmgr"
	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/provider/null"
	"github.com/kin-companion/kin/agent/scene"
	"github.com/kin-companion/kin/agent/tools"
)

// Sentiment scores text from −1 (negative) to 1 (positive); main wires the
// avatar's scorer. Nil scores everything 0.
type Sentiment func(text string) float64

// DefaultMaxRounds is MAX_TOOL_ITERATIONS.
const DefaultMaxRounds = 8

// Config builds a [Runtime]; only Provider is usually set, the rest have
// working defaults.
type Config struct {
	Manifest *manifest.Manifest // default manifest.Default()
	Provider llm.Provider       // default the NullProvider
	Scene    scene.Scene        // default a silent scene.Fake
	Memory   memory.Store       // optional; enables remember and the <memory> block
	Tools    []*tools.Tool      // extra tools (skills); they override built-ins of the same name
	// SkillLines describe the loaded skills for the prompt's <skills> block
	// (skill.Set.PromptLines); nil lists the manifest's skills as written.
	SkillLines []string
	Confirm    tools.Confirmer // asks before high-risk calls; nil denies them (unless Gate is set)
	Gate       *tools.Gate     // the permission gate; default one asking Confirm
	Bus        *protocol.Bus   // default protocol.New(manifest name)
	Sentiment  Sentiment
	MaxRounds  int  // default brain.maxRounds, else 8
	NoStream   bool // ask providers for whole replies instead of streams
	Context    ctxmgr.Config
	// FailureLimit disables a call signature after this many failures in
	// a turn; default 2.
	FailureLimit int
	Now          func() time.Time // default time.Now
	// Hinted says the user was already told how to connect a model (the
	// window shows it at start), so the NullProvider does not repeat it.
	Hinted bool
	// Caller is who the permission gate records as making this runtime's
	// tool calls: tools.CallerModel unless set (a sub-agent's runtime
	// says "subagent").
	Caller string
	// Registry, when set, holds exactly the tools offered to the model;
	// Tools and the built-ins are then ignored. A sub-agent's runtime gets
	// a registry of the main one's tools.
	Registry *tools.Registry
	// Preflight chooses the steps run before a turn's first model call;
	// the zero value runs none, [DefaultPreflight] runs them all.
	Preflight Preflight
	// ToolSearch defers tools beyond a limit behind tool_search.
	ToolSearch ToolSearch
	// OnStats, when set, receives each finished turn's counts (main adds
	// them to the store's totals); it runs on the turn's goroutine.
	OnStats func(turn Stats)
}

// DeltaKind says what a [Delta] carries.
type DeltaKind int

// Delta kinds, in the order a turn produces them.
const (
	Text      DeltaKind = iota // a fragment of the reply, as the model writes it
	ToolStart                  // a tool call is about to run (Tool, Text = args)
	ToolDone                   // a tool call finished (Tool, Text = result, Err for an error result)
	Note                       // a guardrail or context note (Text)
	Final                      // the turn's answer (Text); the last delta of a good turn
	Failed                     // the turn ended with Err (context.Canceled when interrupted); last delta
)

// Delta is one step of a turn, streamed to the caller.
type Delta struct {
	Kind DeltaKind
	Text string
	Tool string
	Err  error
}

// Runtime is an agent brain. Its methods are safe from any goroutine.
type Runtime struct {
	cfg      Config
	man      *manifest.Manifest
	bus      *protocol.Bus
	registry *tools.Registry
	exec     *tools.Executor
	ctx      *ctxmgr.Manager

	mu      sync.Mutex
	history []llm.Message
	cancel  context.CancelFunc
	done    chan struct{} // closed when the running turn ends
	rounds  int           // model calls so far, for the summary cooldown
	hinted  bool          // the NullProvider hint was given
	seq     uint64        // turns started, to tell the latest apart
	steer   steering      // guidance typed while a turn runs, and notes for the next turn
	aborts  []func()      // run when the session is aborted (Cancel, Close)
	fetches prefetches    // calls the planner started early, by cache key
	lazy    *lazyTools    // the tools a request carries, and tool_search's finds
	stats   statsKeeper   // tokens, rounds and tool calls
}

// New builds a runtime.
func New(cfg Config) *Runtime {
	if cfg.Manifest == nil {
		cfg.Manifest = manifest.Default()
	}
	if cfg.Provider == nil {
		cfg.Provider = null.Provider{}
	}
	if cfg.Scene == nil {
		cfg.Scene = &scene.Fake{}
	}
	if cfg.Bus == nil {
		cfg.Bus = protocol.New(cfg.Manifest.Name)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxRounds <= 0 {
		cfg.MaxRounds = cfg.Manifest.Brain.MaxRounds
	}
	if cfg.MaxRounds <= 0 {
		cfg.MaxRounds = DefaultMaxRounds
	}
	if cfg.FailureLimit <= 0 {
		cfg.FailureLimit = 2
	}
	if cfg.Caller == "" {
		cfg.Caller = tools.CallerModel
	}
	r := &Runtime{cfg: cfg, man: cfg.Manifest, bus: cfg.Bus, hinted: cfg.Hinted}
	r.registry = cfg.Registry
	if r.registry == nil {
		builtins := tools.Builtins(tools.Deps{Scene: cfg.Scene, Memory: cfg.Memory, Bus: cfg.Bus,
			Slots: cfg.Manifest.Meta.Edits.Animations, Now: cfg.Now, Sentiment: cfg.Sentiment}, cfg.Manifest.Tools)
		r.registry = tools.NewRegistry(append(builtins, cfg.Tools...)...)
	}
	if cfg.Gate == nil {
		cfg.Gate = &tools.Gate{Confirm: cfg.Confirm, Bus: cfg.Bus}
	}
	r.lazy = newLazyTools(cfg.ToolSearch, r.registry)
	r.exec = &tools.Executor{Tools: r.registry, Gate: cfg.Gate, Bus: cfg.Bus, Cache: &tools.Cache{Now: cfg.Now}}
	cc := cfg.Context
	if cc.Summarize == nil {
		cc.Summarize = r.summarize
	}
	r.ctx = ctxmgr.New(cc)
	return r
}

// Bus returns the runtime's event bus.
func (r *Runtime) Bus() *protocol.Bus { return r.bus }

// Provider returns the provider in use.
func (r *Runtime) Provider() llm.Provider { return r.cfg.Provider }

// Tools lists the tools offered to the model.
func (r *Runtime) Tools() []string { return r.registry.Names() }

// Registry is the runtime's tool registry: MCP tools are synced into it
// while kin runs, and kin's own MCP server exposes what it holds.
func (r *Runtime) Registry() *tools.Registry { return r.registry }

// Call runs one call made by caller (an MCP client, a scheduled task)
// through the permission gate, the diary and the bus, exactly like the
// model's own calls. A refused or failed call is an error with the
// reason.
func (r *Runtime) Call(ctx context.Context, caller, name string, args json.RawMessage) (tools.Result, error) {
	out := r.exec.RunAs(ctx, caller, []llm.ToolCall{{ID: caller, Name: name, Args: args}})
	res := out[0].Result
	if res.IsError {
		return tools.Result{}, errors.New(res.Content)
	}
	return tools.Result{Text: res.Content, Images: res.Images}, nil
}

// History returns a copy of the conversation so far.
func (r *Runtime) History() []llm.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]llm.Message(nil), r.history...)
}

// Send starts a turn with the user's text and returns its deltas; the
// channel closes after a Final or Failed delta. A turn still running is
// cancelled first (its channel ends with Failed / context.Canceled). The
// caller must read the channel to its end or cancel ctx.
func (r *Runtime) Send(ctx context.Context, text string) <-chan Delta {
	out := make(chan Delta, 64)
	ctx, cancel := context.WithCancel(ctx)
	r.mu.Lock()
	if r.cancel != nil {
		r.cancel()
	}
	prev := r.done
	done := make(chan struct{})
	r.cancel, r.done = cancel, done
	r.seq++
	seq := r.seq
	r.steer.open = true
	r.mu.Unlock()
	go func() {
		defer close(out)
		defer close(done)
		defer cancel()
		defer r.closeSteer(seq)
		if prev != nil {
			<-prev
		}
		r.turn(ctx, seq, text, out)
	}()
	return out
}

// Cancel aborts the session's work (Esc in the window, a spoken "stop"):
// the turn in flight, if any, and whatever was registered with
// [Runtime.OnAbort], such as background sub-agents.
func (r *Runtime) Cancel() {
	r.mu.Lock()
	if r.cancel != nil {
		r.cancel()
	}
	hooks := append([]func(){}, r.aborts...)
	r.mu.Unlock()
	for _, f := range hooks {
		f()
	}
}

// OnAbort registers f to run each time the session is aborted
// ([Runtime.Cancel], [Runtime.Close]). f must not block for long: it
// should cancel work, not wait for it.
func (r *Runtime) OnAbort(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.aborts = append(r.aborts, f)
}

// Close aborts the session like [Runtime.Cancel] and waits for the turn in
// flight to end (quitting kin). The runtime stays usable.
func (r *Runtime) Close() {
	r.Cancel()
	r.mu.Lock()
	done := r.done
	r.mu.Unlock()
	if done != nil {
		<-done
	}
}

// Ask runs a turn to its end and returns the answer.
func (r *Runtime) Ask(ctx context.Context, text string) (string, error) {
	var final string
	var err error
	for d := range r.Send(ctx, text) {
		switch d.Kind {
		case Final:
			final = d.Text
		case Failed:
			err = d.Err
		}
	}
	return final, err
}

// send delivers a delta; when ctx is over it only tries, so an abandoned
// channel never blocks the turn.
func send(ctx context.Context, out chan<- Delta, d Delta) {
	if ctx.Err() != nil {
		select {
		case out <- d:
		default:
		}
		return
	}
	select {
	case out <- d:
	case <-ctx.Done():
	}
}

// summarize is the context manager's default summariser: one model call
// with no tools.
func (r *Runtime) summarize(ctx context.Context, transcript string) (string, error) {
	resp, err := r.cfg.Provider.Complete(ctx, &llm.Request{System: ctxmgr.SummarizePrompt,
		Messages: []llm.Message{{Role: llm.User, Text: transcript}}, MaxTokens: 600})
	if err != nil {
		return "", err
	}
	r.stats.model(resp.Usage, false)
	if resp.Text == "" {
		return "", errors.New("empty summary")
	}
	return resp.Text, nil
}
