package engine

import (
	"context"
	"errors"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// ChatDelta is one step of a reply as the window shows it.
type ChatDelta struct {
	Text   string // reply text so far is built from these fragments
	Tool   string // a tool started (shown as a short status)
	Final  bool   // Text is the whole answer
	Failed bool   // the turn ended with Err
	Err    error
}

// Brain is what the window's chat line talks to; main adapts the agent
// runtime to it. Send starts a turn (cancelling one in flight); the channel
// ends after a Final or Failed delta.
type Brain interface {
	Send(text string) <-chan ChatDelta
	Cancel()
}

// Steerer is a Brain that takes words typed while an answer is coming as
// guidance for that answer instead of starting over (seed 001 steering).
type Steerer interface {
	// Steer reports whether the running turn took text.
	Steer(text string) bool
}

// Chat limits: history kept, lines of it shown, how long a bubble stays
// after the answer (plus a little per character).
const (
	historyKeep   = 200
	historyShown  = 8
	bubbleSeconds = 6
	bubblePerChar = 0.04
	deltasPerTick = 64
)

// chatLine is one line of the history.
type chatLine struct {
	user bool
	text string
}

// chat is the window's text conversation: an input line (Enter to start
// typing and to send, Esc to cancel), a speech bubble by the character
// that fills as the reply streams, a scrollable history, and y/n prompts
// for high-risk tools.
type chat struct {
	brain   Brain
	focused bool
	floor   float64 // the bubble's highest top while a notice shows at the top (see noticeFloor)
	input   []rune
	history []chatLine
	scroll  int // lines scrolled up from the newest

	deltas      <-chan ChatDelta
	reply       strings.Builder // the reply being streamed
	bubble      string
	bubbleUntil float64
	status      string // e.g. "thinking…", "wave…"

	asks    chan *ask // nil without Prompts
	pending *ask

	md chatMD // the bubble's and history's Markdown, laid out
	// narrowed is the width the bubble was last narrowed to beside the
	// head, and the width of the space it was laid out in (see bubble).
	narrowed struct{ w, space float64 }
	// placed is where the bubble was last laid out, its width and the
	// width of the space it was laid out in (see bubble).
	placed struct{ x, y, w, space float64 }
}

// ask is a yes/no question from another goroutine, answered in Update.
type ask struct {
	question string
	always   string // the "always" choice's label; "" when not offered
	answer   chan Choice
	free     bool        // a question answered in words (ask_user), not Y/N
	reply    chan string // the words, "" when the user pressed Esc
}

// Choice is an answer to a question from [Prompts].
type Choice int

// Choices: No (N or Esc), Yes (Y), Always (A, when offered).
const (
	No Choice = iota
	Yes
	Always
)

func newChat(b Brain, p *Prompts) *chat {
	c := &chat{brain: b}
	if p != nil {
		c.asks = p.ch
	}
	return c
}

// Prompts carries yes/no questions (may kin run this high-risk tool?) from
// any goroutine to the window, which shows them and waits for Y or N.
type Prompts struct{ ch chan *ask }

// NewPrompts returns a channel of questions for [Options].Prompts.
func NewPrompts() *Prompts { return &Prompts{ch: make(chan *ask, 4)} }

// Ask puts question on screen and waits for Y or N, or ctx.
func (p *Prompts) Ask(ctx context.Context, question string) (bool, error) {
	c, err := p.Choose(ctx, question, "")
	return c == Yes, err
}

// AskText puts question on screen above the input line and waits for the
// words the user types (Enter) or ctx; Esc answers "".
func (p *Prompts) AskText(ctx context.Context, question string) (string, error) {
	a := &ask{question: question, free: true, reply: make(chan string, 1)}
	select {
	case p.ch <- a:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	select {
	case s := <-a.reply:
		return s, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// Choose is [Prompts.Ask] with a third answer, A for always, labelled
// always (e.g. "always for ~/tmp"); "" offers only Y and N.
func (p *Prompts) Choose(ctx context.Context, question, always string) (Choice, error) {
	a := &ask{question: question, always: always, answer: make(chan Choice, 1)}
	select {
	case p.ch <- a:
	case <-ctx.Done():
		return No, ctx.Err()
	}
	select {
	case c := <-a.answer:
		return c, nil
	case <-ctx.Done():
		return No, ctx.Err()
	}
}

// visible reports whether the chat draws anything this frame.
func (c *chat) visible(now float64) bool {
	return c.focused || c.pending != nil || c.status != "" || (c.bubble != "" && now < c.bubbleUntil)
}

// say shows text in the bubble (the speak tool, or a finished answer).
func (c *chat) say(text string) {
	c.bubble = text
	c.bubbleUntil = 1e18 // until the turn ends; then timed
}

// heard shows speech that came from elsewhere (a voice session, the speak
// tool) in the bubble for a while and keeps it in the history; a typed turn
// streaming its own reply keeps the bubble.
func (c *chat) heard(text string, now float64) {
	if c.deltas != nil || text == "" || text == c.bubble {
		return
	}
	c.bubble = text
	c.history = append(c.history, chatLine{text: text})
	c.trim()
	c.endBubble(now)
}

// update handles typing, answers a pending question and drains reply
// deltas; it reports whether it used the keyboard this tick.
func (c *chat) update(now float64) bool {
	if c.pending == nil {
		select {
		case a := <-c.asks:
			c.pending = a
		default:
		}
	}
	c.drain(now)
	if c.pending != nil && c.pending.free {
		c.editReply()
		return true
	}
	if c.pending != nil {
		switch {
		case inpututil.IsKeyJustPressed(ebiten.KeyY):
			c.answer(Yes)
		case inpututil.IsKeyJustPressed(ebiten.KeyA) && c.pending.always != "":
			c.answer(Always)
		case inpututil.IsKeyJustPressed(ebiten.KeyN), inpututil.IsKeyJustPressed(ebiten.KeyEscape):
			c.answer(No)
		}
		return true
	}
	if c.brain == nil {
		return false
	}
	if !c.focused {
		if inpututil.IsKeyJustPressed(ebiten.KeyEnter) {
			c.focused = true
			return true
		}
		return false
	}
	c.edit()
	return true
}

func (c *chat) answer(choice Choice) {
	c.pending.answer <- choice
	verdict := [...]string{" — denied", " — allowed", " — allowed, " + c.pending.always}[choice]
	c.history = append(c.history, chatLine{text: c.pending.question + verdict})
	c.pending = nil
}

// editReply takes the words that answer a free question.
func (c *chat) editReply() {
	c.input = ebiten.AppendInputChars(c.input)
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyBackspace) && len(c.input) > 0:
		c.input = c.input[:len(c.input)-1]
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter):
		c.answerText(strings.TrimSpace(string(c.input)))
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		c.answerText("")
	}
}

// answerText answers the pending free question.
func (c *chat) answerText(text string) {
	c.pending.reply <- text
	c.history = append(c.history, chatLine{text: c.pending.question}, chatLine{user: true, text: text})
	c.input, c.pending = c.input[:0], nil
}

// edit changes the input line while it has focus.
func (c *chat) edit() {
	c.input = ebiten.AppendInputChars(c.input)
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyBackspace) && len(c.input) > 0:
		c.input = c.input[:len(c.input)-1]
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter):
		c.send(strings.TrimSpace(string(c.input)))
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		if c.deltas != nil {
			c.brain.Cancel()
		} else if len(c.input) == 0 {
			c.focused = false
		}
		c.input = c.input[:0]
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		c.scroll = max(0, min(len(c.history)-1, c.scroll+int(wy)))
	}
}

// send starts a turn; typing again while one streams cancels it.
func (c *chat) send(text string) {
	c.input = c.input[:0]
	if text == "" {
		c.focused = false
		return
	}
	c.history = append(c.history, chatLine{user: true, text: text})
	c.trim()
	if st, ok := c.brain.(Steerer); ok && c.deltas != nil && st.Steer(text) {
		c.status = "taking that into account…"
		return // the answer in progress goes on, guided
	}
	c.reply.Reset()
	c.bubble, c.status, c.scroll = "", "thinking…", 0
	c.deltas = c.brain.Send(text)
}

// drain takes this tick's reply deltas without blocking.
func (c *chat) drain(now float64) {
	for i := 0; c.deltas != nil && i < deltasPerTick; i++ {
		select {
		case d, ok := <-c.deltas:
			if !ok {
				c.deltas = nil
				return
			}
			c.apply(d, now)
		default:
			return
		}
	}
}

func (c *chat) apply(d ChatDelta, now float64) {
	switch {
	case d.Failed:
		c.deltas, c.status = nil, ""
		if !errors.Is(d.Err, context.Canceled) {
			c.history = append(c.history, chatLine{text: "(" + d.Err.Error() + ")"})
		}
		c.endBubble(now)
	case d.Final:
		c.deltas, c.status = nil, ""
		answer := d.Text
		if answer == "" {
			answer = c.reply.String()
		}
		if answer != "" {
			c.history = append(c.history, chatLine{text: answer})
			c.bubble = answer
		}
		c.trim()
		c.endBubble(now)
	case d.Tool != "":
		c.status = d.Tool + "…"
	default:
		c.reply.WriteString(d.Text)
		c.bubble, c.status = c.reply.String(), ""
		c.bubbleUntil = 1e18
	}
}

func (c *chat) endBubble(now float64) {
	c.bubbleUntil = now + bubbleSeconds + bubblePerChar*float64(len([]rune(c.bubble)))
}

func (c *chat) trim() {
	if n := len(c.history); n > historyKeep {
		c.history = append(c.history[:0], c.history[n-historyKeep:]...)
	}
}

// keys is the question with the keys that answer it.
func (a *ask) keys() string {
	if a.free {
		return a.question + "   (Enter answers, Esc declines)"
	}
	if a.always == "" {
		return a.question + "   [y / n]"
	}
	return a.question + "   [y / n / a: " + a.always + "]"
}
