package engine

import (
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/kin-companion/kin/agent/protocol"
)

// The ghost log's size and timing.
const (
	ghostLines    = 10  // lines kept and shown
	ghostSeconds  = 8   // a line is gone this long after it came
	ghostFadeIn   = 0.2 // seconds a new line takes to appear
	ghostFadeOut  = 2   // seconds over which a line fades before it goes
	ghostRunes    = 120 // longer lines are cut with "…"
	ghostFontSize = 12  // device-independent pixels
)

// ghostLine is one line of the ghost log.
type ghostLine struct {
	text string
	at   float64 // when it came, seconds
}

// ghostLog shows, faintly, what the agent and its sub-agents are doing:
// their thoughts and their tool calls in plain words, the newest at the
// bottom, each fading out ghostSeconds after it came.
//
// Each line is drawn once into an image of its own (see ghost_draw.go),
// so that a frame draws ten images rather than a thousand glyphs.
type ghostLog struct {
	lines [ghostLines]ghostLine // a ring; next is the oldest slot
	next  int
	imgs  [ghostLines]*ebiten.Image // per slot: its line drawn, with shadow
	drawn [ghostLines]float64       // per slot: the width imgs was drawn for, 0 = stale
	face  *text.GoTextFace
	op    text.DrawOptions
	iop   ebiten.DrawImageOptions
}

// ghostText is the line an event adds to the log, or "" for none.
func ghostText(e protocol.Event) string {
	switch p := e.Payload.(type) {
	case protocol.ThinkPayload:
		return p.Thought
	case protocol.ToolCallPayload:
		s := p.Summary
		if s == "" {
			s = p.Tool
		}
		if !p.Allowed {
			s = "not allowed: " + s
			if p.Reason != "" {
				s += " (" + p.Reason + ")"
			}
		}
		if p.Caller != "" && p.Caller != "model" && p.Caller != "voice" {
			s = p.Caller + ": " + s
		}
		return s
	}
	return ""
}

// add appends a line at time now, dropping the oldest beyond ghostLines.
// Line breaks become spaces and long lines are cut.
func (l *ghostLog) add(s string, now float64) {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return
	}
	if utf8.RuneCountInString(s) > ghostRunes {
		s = string([]rune(s)[:ghostRunes-1]) + "…"
	}
	l.lines[l.next] = ghostLine{text: s, at: now}
	l.drawn[l.next] = 0
	l.next = (l.next + 1) % ghostLines
}

// alpha is how opaque a line is at time now, 0 when gone.
func (ln *ghostLine) alpha(now float64) float64 {
	age := now - ln.at
	if ln.text == "" || age < 0 || age >= ghostSeconds {
		return 0
	}
	return min(1, age/ghostFadeIn, (ghostSeconds-age)/ghostFadeOut)
}

// visible reports whether any line shows at time now.
func (l *ghostLog) visible(now float64) bool {
	for i := range l.lines {
		if l.lines[i].alpha(now) > 0 {
			return true
		}
	}
	return false
}
