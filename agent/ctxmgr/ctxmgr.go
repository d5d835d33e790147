// Package ctxmgr keeps a conversation inside the model's context window,
// with the four escalating strategies of seed 001: a per-result budget
// (always), microcompact of old tool results, LLM summarisation (guarded by
// a cooldown and a cache), and a deterministic tail fallback that always
// fits. Every strategy that fires leaves a note for the next continuation.
package ctxmgr

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/kin-companion/kin/agent/llm"
)

//go:embed summarize.md
var SummarizePrompt string

// Summarizer compresses a transcript into a summary (an LLM call).
type Summarizer func(ctx context.Context, transcript string) (string, error)

// Config tunes a [Manager]; zero fields take the defaults.
type Config struct {
	Limit        int // tokens allowed for system + messages; default 24000
	ResultBudget int // characters per tool result; default 8000
	KeepRecent   int // newest tool messages kept whole by microcompact; default 2
	Cooldown     int // rounds between summaries; default 3
	Summarize    Summarizer
}

// Manager applies the strategies. It is used by one turn at a time.
type Manager struct {
	cfg         Config
	lastSummary int // round of the last summary, or -1
	cache       map[[32]byte]string
}

// New returns a manager for cfg.
func New(cfg Config) *Manager {
	if cfg.Limit <= 0 {
		cfg.Limit = 24000
	}
	if cfg.ResultBudget <= 0 {
		cfg.ResultBudget = 8000
	}
	if cfg.KeepRecent <= 0 {
		cfg.KeepRecent = 2
	}
	if cfg.Cooldown <= 0 {
		cfg.Cooldown = 3
	}
	return &Manager{cfg: cfg, lastSummary: -1 << 30, cache: map[[32]byte]string{}}
}

// Budget trims a tool result to the per-result budget, cutting at a
// sentence boundary when one is near, and appends a size note.
func (m *Manager) Budget(s string) string {
	n := m.cfg.ResultBudget
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	head := s[:cut]
	if i := strings.LastIndexAny(head, ".!?\n"); i > n*3/4 {
		head = head[:i+1]
	}
	return head + fmt.Sprintf("\n[result truncated — original size: %d chars]", len(s))
}

// Fit returns msgs made to fit the limit together with system, and the
// notes of what it did. round numbers the model call (for the cooldown).
func (m *Manager) Fit(ctx context.Context, system string, msgs []llm.Message, round int) ([]llm.Message, []string) {
	over := func() bool { return llm.EstimateMessages(system, msgs) > m.cfg.Limit }
	if !over() {
		return msgs, nil
	}
	var notes []string
	msgs, n := Microcompact(msgs, m.cfg.KeepRecent)
	if n > 0 {
		notes = append(notes, fmt.Sprintf("%d older tool results were shortened to one-line digests.", n))
	}
	if !over() {
		return msgs, notes
	}
	if out, ok, why := m.summarize(ctx, msgs, round); ok {
		msgs = out
		notes = append(notes, "Earlier conversation was summarised; the summary is the first message.")
		if !over() {
			return msgs, notes
		}
	} else if why != "" {
		notes = append(notes, why)
	}
	msgs, dropped := Tail(system, msgs, m.cfg.Limit)
	if dropped > 0 {
		notes = append(notes, fmt.Sprintf("%d of the oldest messages were dropped to fit the context window.", dropped))
	}
	return msgs, notes
}

// digestLen is how much of an old result a digest keeps.
const digestLen = 80

// Microcompact replaces the results of all but the newest keep tool
// messages with one-line digests "[name → start of output…]". It returns a
// new slice (msgs is not modified) and how many results it shortened.
func Microcompact(msgs []llm.Message, keep int) ([]llm.Message, int) {
	out := make([]llm.Message, len(msgs))
	copy(out, msgs)
	seen, n := 0, 0
	for i := len(out) - 1; i >= 0; i-- {
		if out[i].Role != llm.Tool {
			continue
		}
		if seen++; seen <= keep {
			continue
		}
		results := append([]llm.ToolResult(nil), out[i].Results...)
		for j, r := range results {
			if r.Images != nil { // old pictures are the heaviest part of a history
				results[j].Images = nil
				n++
			}
			if strings.HasPrefix(r.Content, "[") && strings.HasSuffix(r.Content, "]") && len(r.Content) <= digestLen+len(r.Name)+16 {
				continue // already a digest
			}
			results[j].Content = digest(r)
			n++
		}
		out[i].Results = results
	}
	return out, n
}

func digest(r llm.ToolResult) string {
	s := strings.Join(strings.Fields(r.Content), " ")
	if utf8.RuneCountInString(s) > digestLen {
		s = string([]rune(s)[:digestLen]) + "…"
	}
	name := r.Name
	if name == "" {
		name = "tool"
	}
	return "[" + name + " → " + s + "]"
}

// summarize replaces everything before the kept tail with one summary
// message. It declines (ok false) during the cooldown, without a
// summariser, when nothing can be cut, or when the summariser fails.
func (m *Manager) summarize(ctx context.Context, msgs []llm.Message, round int) (out []llm.Message, ok bool, why string) {
	if m.cfg.Summarize == nil {
		return nil, false, ""
	}
	if round-m.lastSummary < m.cfg.Cooldown {
		return nil, false, "Summarisation is cooling down."
	}
	cut := cutPoint(msgs)
	if cut <= 0 {
		return nil, false, ""
	}
	transcript := Transcript(msgs[:cut])
	key := sha256.Sum256([]byte(transcript))
	summary, hit := m.cache[key]
	if !hit {
		s, err := m.cfg.Summarize(ctx, transcript)
		if err != nil || strings.TrimSpace(s) == "" {
			return nil, false, "Summarisation failed; falling back to dropping old messages."
		}
		summary = strings.TrimSpace(s)
		m.cache[key] = summary
	}
	m.lastSummary = round
	head := llm.Message{Role: llm.User, Text: "<summary of the earlier conversation>\n" + summary + "\n</summary>"}
	tail := msgs[cut:]
	if tail[0].Role == llm.User {
		head.Text += "\n\n" + tail[0].Text
		tail = tail[1:]
	}
	return append([]llm.Message{head}, tail...), true, ""
}

// cutPoint keeps the latest user text message and what follows it; when
// that is the whole history (one long turn) it keeps only the last round,
// cutting before an assistant message so no result loses its call.
func cutPoint(msgs []llm.Message) int {
	for i := len(msgs) - 1; i > 0; i-- {
		if msgs[i].Role == llm.User {
			return i
		}
	}
	for i := len(msgs) - 2; i > 1; i-- {
		if msgs[i].Role == llm.Assistant {
			return i
		}
	}
	return 0
}

// Transcript renders messages as plain text for the summariser.
func Transcript(msgs []llm.Message) string {
	var b strings.Builder
	for _, m := range msgs {
		switch m.Role {
		case llm.Assistant:
			if m.Text != "" {
				fmt.Fprintf(&b, "assistant: %s\n", m.Text)
			}
			for _, c := range m.Calls {
				fmt.Fprintf(&b, "assistant called %s %s\n", c.Name, c.Args)
			}
		case llm.Tool:
			for _, r := range m.Results {
				fmt.Fprintf(&b, "result of %s: %s\n", r.Name, r.Content)
			}
		default:
			fmt.Fprintf(&b, "user: %s\n", m.Text)
		}
	}
	return b.String()
}

// Tail drops the oldest units — a user message, or an assistant message
// with the tool message answering it — until the request fits, always
// keeping the newest unit. A leading non-user message gets a user
// placeholder before it. It returns how many messages were dropped.
func Tail(system string, msgs []llm.Message, limit int) ([]llm.Message, int) {
	dropped := 0
	for llm.EstimateMessages(system, msgs) > limit {
		n := 1
		if msgs[0].Role == llm.Assistant && len(msgs) > 1 && msgs[1].Role == llm.Tool {
			n = 2
		}
		if n >= len(msgs) || (msgs[0].Role == llm.User && strings.HasPrefix(msgs[0].Text, placeholder) && len(msgs) <= 2) {
			break
		}
		if msgs[0].Role == llm.User && strings.HasPrefix(msgs[0].Text, placeholder) {
			msgs = msgs[1:]
			continue
		}
		msgs = msgs[n:]
		dropped += n
		if msgs[0].Role != llm.User {
			msgs = append([]llm.Message{{Role: llm.User, Text: placeholder}}, msgs...)
		}
	}
	if len(msgs) > 0 && msgs[0].Role != llm.User { // providers want a user message first
		msgs = append([]llm.Message{{Role: llm.User, Text: placeholder}}, msgs...)
	}
	return msgs, dropped
}

const placeholder = "(earlier conversation was dropped to fit the context window)"
