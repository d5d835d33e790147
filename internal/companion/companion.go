package companion

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/agent/mcp"
	agentmemory "github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/perceive"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/provider"
	"github.com/kin-companion/kin/agent/provider/null"
	"github.com/kin-companion/kin/agent/redact"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/scene"
	"github.com/kin-companion/kin/agent/schedule"
	"github.com/kin-companion/kin/agent/skill"
	"github.com/kin-companion/kin/agent/subagent"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/desktop"
	"github.com/kin-companion/kin/agent/tools/fs"
	"github.com/kin-companion/kin/agent/voice/cascade"
	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/internal/agentmem"
	"github.com/kin-companion/kin/internal/attach"
	"github.com/kin-companion/kin/internal/settings"
	"github.com/kin-companion/kin/store"
)

// DefaultIdleEnd is how long a conversation may rest before it counts as
// ended (and is consolidated into memories).
const DefaultIdleEnd = 10 * time.Minute

// Options configures [Start].
type Options struct {
	DataDir  string             // "" means $XDG_DATA_HOME/kin
	AgentID  string             // "" means the store's default
	Manifest *manifest.Manifest // nil means the built-in agent
	Provider provider.Options   // flags; the environment decides the rest
	Scene    scene.Scene        // nil means a silent headless scene
	Confirm  tools.Confirmer    // nil: no one to ask, high-risk tools are denied (unless Yes)
	// NoOne says why no one can confirm when Confirm is nil, for the model.
	NoOne string
	Yes   bool     // --yes: high-risk tools run without asking
	Roots []string // --root: the file tools' folders for this run
	// Asker answers ask_user (the window's input line, the terminal); nil:
	// no one can answer.
	Asker tools.Asker
	// Settings are the user's settings; nil reads the settings file
	// (a bad one is reported in Warnings and the defaults used).
	Settings *settings.Settings
	// Getenv reads the environment (API keys, KIN_SEARXNG_URL, …); nil
	// means os.Getenv.
	Getenv func(string) string
	// MCPConfig is the MCP servers file ("" means MCPConfigPath(), "-"
	// none: only the manifest's servers).
	MCPConfig string
	// Notify tells the user of something that happened while kin runs (an
	// MCP server failed); nil logs it.
	Notify func(string)
	// Character is the file of the character shown now ("" for the
	// default one), for the present-model and validate-model skills.
	Character func() string
	// Remind receives what kin says when a scheduled task is due, besides
	// the speak event (kin chat prints it; nil: the bus only).
	Remind  func(text string)
	Bus     *protocol.Bus // nil means a new bus
	Logger  *slog.Logger  // nil discards
	IdleEnd time.Duration // 0 means DefaultIdleEnd
	// Hinted: the caller tells the user how to connect a model itself.
	Hinted bool
	// StoreWait is how long to wait for another kin to let go of the data
	// directory (one that is quitting, say) before memory is off; 0 does
	// not wait.
	StoreWait time.Duration
}

// Companion is a running kin brain with its memory.
type Companion struct {
	Bus      *protocol.Bus
	Runtime  *runtime.Runtime
	Manifest *manifest.Manifest
	Choice   provider.Choice
	// Gate is the permission gate every tool call passes.
	Gate *tools.Gate
	// Roots are the folders the file tools may use; nil when they are off.
	Roots *fs.Roots
	// MCP is the client of the configured MCP servers; nil without any.
	MCP *mcp.Manager
	// Subagents are the background helpers spawn_subagent starts.
	Subagents *subagent.Manager
	// Schedule holds reminders and scheduled prompts; nil when it could
	// not start (see Warnings).
	Schedule *schedule.Scheduler
	// Watcher is ambient perception when the user turned it on; the window
	// shows that it watches while Watching() is true.
	Watcher *perceive.Watcher
	// DB is the store, nil when it could not open (see Warnings).
	DB *store.DB
	// Warnings are things the user should be told once, e.g. that memory
	// is in use by another kin. (With no model, the runtime itself says how
	// to connect one, once.)
	Warnings []string

	voice     *tools.VoiceSlot                 // the voice conversation running now, for change_voice
	live      atomic.Pointer[realtime.Session] // the realtime conversation running now, for reminders
	spoken    atomic.Pointer[cascade.Pipeline] // the cascaded voice running now, for reminders
	desktop   *desktop.Desktop                 // screen, input and clipboard; released on Close
	feel      *feelings                        // the character's emotions, for kin://emotions
	skillSet  *skill.Set                       // the loaded skills; closed with the companion
	attach    *attach.Server                   // where later kin commands reach this one; nil if another serves
	cons      *store.Consolidator
	stopDiary func()
	cancel    context.CancelFunc
	idleEnd   time.Duration

	mu   sync.Mutex
	conv string    // current conversation id, "" before the first message
	last time.Time // when it last had a message
}

// Start opens the store (falling back to memory for this session only, with
// a warning, when it cannot), chooses a provider and builds the runtime.
func Start(ctx context.Context, o Options) (*Companion, error) {
	if o.Manifest == nil {
		o.Manifest = manifest.Default()
	}
	if o.Bus == nil {
		o.Bus = protocol.New(o.Manifest.Name)
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	choice, err := provider.Select(ctx, o.Provider)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	c := &Companion{Bus: o.Bus, Manifest: o.Manifest, Choice: choice, cancel: cancel, idleEnd: o.IdleEnd,
		voice: &tools.VoiceSlot{}, feel: &feelings{}}
	if c.idleEnd <= 0 {
		c.idleEnd = DefaultIdleEnd
	}
	var mem agentmemory.Store = agentmem.NewSession(nil) // ranked as the store ranks, for this run only
	db, err := openStore(o)
	if err != nil {
		c.Warnings = append(c.Warnings, fmt.Sprintf("memory is off for this session: %v", err))
	} else {
		c.DB, mem = db, agentmem.New(db.Memories())
		c.stopDiary = recordDiary(ctx, o.Bus, db.Diary(), o.Logger)
		var x store.FactExtractor
		if !null.Is(choice.Provider) {
			x = extractor{choice.Provider}
		}
		c.cons = store.NewConsolidator(db, x)
		go c.cons.Run(ctx)
	}
	go c.feel.run(ctx, o.Bus)
	c.Gate = newGate(o, c.DB, o.Bus)
	hands := c.hands(ctx, o, c.settings(o), mem)
	hands = append(hands, c.startScheduler(ctx, o)...)
	c.Runtime = runtime.New(runtime.Config{Manifest: o.Manifest, Provider: choice.Provider, Scene: o.Scene,
		Memory: mem, Gate: c.Gate, Bus: o.Bus, Hinted: o.Hinted, Tools: hands, SkillLines: c.skillSet.PromptLines(),
		Preflight: preflight(choice.Provider), OnStats: c.keepStats(o),
		Sentiment: func(s string) float64 { return float64(avatar.AnalyzeSentiment(s).Valence) }})
	c.startSubagents(choice.Provider, o)
	c.startMCP(ctx, o)
	c.runScheduler(ctx)
	c.runWatcher(ctx, o)
	c.serveAttach(ctx, o)
	return c, nil
}

// preflight is what runs before a turn's first model call: memories
// relevant to the message always; the planner (a short extra model call a
// turn, with prefetches of what it expects) when KIN_PLANNER=1 and a real
// model is connected.
func preflight(p llm.Provider) runtime.Preflight {
	pf := runtime.DefaultPreflight()
	pf.Planner = !null.Is(p) && os.Getenv("KIN_PLANNER") == "1"
	pf.Prefetch = pf.Planner
	return pf
}

// startSubagents gives the runtime background helpers (spawn_subagent):
// they share the registry and the gate, report back through the runtime's
// notes, and stop when the user stops kin.
func (c *Companion) startSubagents(p llm.Provider, o Options) {
	c.Subagents = subagent.New(subagent.Config{Provider: p, Registry: c.Runtime.Registry(), Gate: c.Gate, Bus: o.Bus,
		Notes: c.Runtime, Manifest: o.Manifest,
		OnEnd: func(r subagent.Report) { c.record(c.currentConv(), store.RoleTool, r.String()) }})
	for _, t := range c.Subagents.Tools() {
		c.Runtime.Registry().Add(t)
	}
	c.Runtime.OnAbort(c.Subagents.CancelAll)
}

// keepStats adds each turn's tokens, rounds and tool calls to the store,
// under this session and in the total (kin stats).
func (c *Companion) keepStats(o Options) func(runtime.Stats) {
	session := time.Now().UTC().Format("20060102T150405Z")
	return func(s runtime.Stats) {
		c.emitRunStats()
		if c.DB == nil {
			return
		}
		err := c.DB.Stats().Add(session, store.RunStats{Turns: s.Turns, Rounds: s.Rounds,
			InputTokens: s.InputTokens, OutputTokens: s.OutputTokens, ToolCalls: s.ToolCalls})
		if err != nil {
			o.Logger.Warn("stats: could not record a turn", "err", err)
		}
	}
}

// currentConv is the conversation now, without counting as activity.
func (c *Companion) currentConv() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.conv == "" {
		c.conv = time.Now().UTC().Format("20060102-150405.000")
	}
	return c.conv
}

// settings returns o.Settings, else the settings file's content; a file
// that cannot be read becomes a warning.
func (c *Companion) settings(o Options) settings.Settings {
	if o.Settings != nil {
		return *o.Settings
	}
	path, err := settings.DefaultPath()
	if err != nil {
		return settings.Settings{}
	}
	s, err := settings.Load(path)
	if err != nil {
		c.Warnings = append(c.Warnings, "settings ignored: "+err.Error())
	}
	return s
}

func (o Options) getenv() func(string) string {
	if o.Getenv != nil {
		return o.Getenv
	}
	if o.Provider.Getenv != nil {
		return o.Provider.Getenv
	}
	return os.Getenv
}

// failedNote starts the transcript's note of a turn that ended without an answer.
const failedNote = "kin: no answer — "

// Send starts a turn like [runtime.Runtime.Send] and keeps the transcript:
// the user's text, each tool result and the answer, or a note of why there
// is none.
func (c *Companion) Send(ctx context.Context, text string) <-chan runtime.Delta {
	conv := c.conversation()
	c.record(conv, store.RoleUser, text)
	in := c.Runtime.Send(ctx, text)
	out := make(chan runtime.Delta, cap(in))
	go func() {
		defer close(out)
		for d := range in {
			switch d.Kind {
			case runtime.ToolDone:
				c.record(conv, store.RoleTool, d.Tool+": "+d.Text)
			case runtime.Final:
				c.record(conv, store.RoleAssistant, d.Text)
			case runtime.Failed: // the transcript says why the user's line has no answer
				c.record(conv, store.RoleTool, failedNote+d.Err.Error())
			}
			out <- d
		}
	}()
	return out
}

// conversation returns the current conversation id, ending the previous
// one (for consolidation) when it rested longer than the idle limit.
func (c *Companion) conversation() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	if c.conv != "" && now.Sub(c.last) > c.idleEnd {
		c.endLocked()
	}
	if c.conv == "" {
		c.conv = now.UTC().Format("20060102-150405.000")
	}
	c.last = now
	return c.conv
}

func (c *Companion) record(conv string, role store.Role, text string) {
	if c.DB == nil || text == "" {
		return
	}
	if _, err := c.DB.Transcripts().Append(conv, role, redact.Text(text)); err != nil {
		c.Bus.Emit(protocol.SkillErrorPayload{Skill: "transcript", Error: err.Error()})
	}
}

func (c *Companion) endLocked() {
	if c.conv != "" && c.cons != nil {
		_ = c.cons.End(c.conv) // consolidated now, or at the next start
	}
	c.conv = ""
}

// Recent returns up to n of the latest user and assistant messages across
// conversations, oldest first: context for a voice session that reconnects
// and for greeting the user in a new session.
func (c *Companion) Recent(n int) []llm.Message {
	if c.DB == nil || n <= 0 {
		return nil
	}
	msgs, err := c.DB.Transcripts().Recent("", 4*n)
	if err != nil {
		return nil
	}
	var out []llm.Message
	for _, m := range msgs {
		switch m.Role {
		case store.RoleUser:
			out = append(out, llm.Message{Role: llm.User, Text: m.Text})
		case store.RoleAssistant:
			out = append(out, llm.Message{Role: llm.Assistant, Text: m.Text})
		}
	}
	return out[max(0, len(out)-n):]
}

// Close ends the conversation, stops the background work, writes what the
// diary still holds and closes the store.
func (c *Companion) Close() error {
	if c.attach != nil {
		c.attach.Close()
	}
	c.Subagents.Close() // first: their partial results go into the transcript
	c.mu.Lock()
	c.endLocked()
	c.mu.Unlock()
	c.Runtime.Close()
	c.cancel()
	if c.MCP != nil {
		c.MCP.Close()
	}
	if c.skillSet != nil {
		c.skillSet.Close()
	}
	if c.desktop != nil {
		_ = c.desktop.Close()
	}
	if c.stopDiary != nil {
		c.stopDiary()
	}
	if c.DB != nil {
		return c.DB.Close()
	}
	return nil
}

// openStore opens the data directory's store, waiting up to o.StoreWait
// while another kin holds it.
func openStore(o Options) (*store.DB, error) {
	deadline := time.Now().Add(o.StoreWait)
	for {
		db, err := store.Open(store.Options{Dir: o.DataDir, AgentID: o.AgentID, Logger: o.Logger})
		if !errors.Is(err, store.ErrAlreadyRunning) || time.Now().After(deadline) {
			return db, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}
