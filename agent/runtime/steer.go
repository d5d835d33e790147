package runtime

import (
	"context"
	"strings"
	"unicode"

	"github.com/kin-companion/kin/agent/llm"
)

// steering holds what reaches a conversation from the side: guidance the
// user types or says while a turn runs, and notes (a sub-agent's result or
// question, a reminder) waiting for the next turn. Guarded by Runtime.mu.
type steering struct {
	open     bool     // the latest turn still takes guidance
	guidance []string // not yet seen by the model
	notes    []string // for the next turn
}

// stopWord cancels the turn when it is all a steering message says.
const stopWord = "stop"

// Steer hands text the user typed or said while a turn runs to that turn:
// it joins the next model call as guidance instead of cancelling the turn.
// Guidance that arrives while the model is writing its final answer
// becomes a follow-up message in the same turn. A message that is just the
// word "stop" (any case, with or without punctuation) aborts like
// [Runtime.Cancel], turn or no turn. Steer reports whether the text was
// taken; false means no turn is running, so the caller should
// [Runtime.Send] it instead.
func (r *Runtime) Steer(text string) bool {
	text = strings.TrimSpace(text)
	if isStop(text) {
		r.Cancel()
		return true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.steer.open || text == "" {
		return false
	}
	r.steer.guidance = append(r.steer.guidance, text)
	return true
}

// isStop reports whether text is the stop word alone.
func isStop(text string) bool {
	w := strings.TrimFunc(text, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	return strings.EqualFold(w, stopWord)
}

// takeSteer returns the guidance not yet given to the model.
func (r *Runtime) takeSteer() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	g := r.steer.guidance
	r.steer.guidance = nil
	return g
}

// finish is called when turn seq has its final answer: it returns guidance
// that arrived meanwhile (the turn goes on), or closes steering so later
// text starts a new turn.
func (r *Runtime) finish(seq uint64) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.seq != seq {
		return nil // a newer turn owns the buffer
	}
	if g := r.steer.guidance; len(g) > 0 {
		r.steer.guidance = nil
		return g
	}
	r.steer.open = false
	return nil
}

// closeSteer ends steering for turn seq, if it is still the latest; its
// unheard guidance is dropped with it (the turn failed or was cancelled).
func (r *Runtime) closeSteer(seq uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.seq == seq {
		r.steer.open, r.steer.guidance = false, nil
	}
}

// Inform queues a note for the main conversation: the next turn's user
// message carries it, in a <background> block before the user's words, so
// the model sees it and it stays in the history. Sub-agents report their
// results and questions this way.
func (r *Runtime) Inform(note string) {
	note = strings.TrimSpace(note)
	if note == "" {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.steer.notes = append(r.steer.notes, note)
}

// TakeNotes returns and clears the notes waiting for the next turn: for a
// realtime voice session, which runs its own model and must pass them on
// itself.
func (r *Runtime) TakeNotes() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.takeNotesLocked()
}

func (r *Runtime) takeNotesLocked() []string {
	n := r.steer.notes
	r.steer.notes = nil
	return n
}

// requeueNotes puts notes back in front of any newer ones (their turn was
// rolled back).
func (r *Runtime) requeueNotes(notes []string) {
	if len(notes) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.steer.notes = append(notes, r.steer.notes...)
}

// withNotes is the user message with the notes before the user's words.
func withNotes(notes []string, text string) string {
	if len(notes) == 0 {
		return text
	}
	var b strings.Builder
	b.WriteString("<background>\nWhile you were away from this conversation (notes from kin, not the user's words):\n")
	for _, n := range notes {
		b.WriteString("- " + strings.ReplaceAll(n, "\n", "\n  ") + "\n")
	}
	b.WriteString("</background>\n\n")
	b.WriteString(text)
	return b.String()
}

// interim keeps a final answer that guidance overtook: the answer stays in
// the history and is spoken, the guidance becomes the user's next message
// and the turn goes on.
func (r *Runtime) interim(ctx context.Context, answer string, guidance []string, out chan<- Delta) {
	if strings.TrimSpace(answer) == "" {
		answer = "…"
	} else {
		r.say(answer)
	}
	r.mu.Lock()
	r.history = append(r.history, llm.Message{Role: llm.Assistant, Text: answer},
		llm.Message{Role: llm.User, Text: strings.Join(guidance, "\n")})
	r.mu.Unlock()
	send(ctx, out, Delta{Kind: Note, Text: "taking in what you added: " + strings.Join(guidance, " / ")})
}
