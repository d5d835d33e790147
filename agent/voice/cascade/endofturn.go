package cascade

import (
	"context"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/voice/turn"
)

// endOfTurn joins text to an unfinished utterance carried from before and
// decides whether the turn is over. A finished-sounding utterance ends it at
// once; an unfinished one waits Grace, and if the user speaks again in that
// time (ctx is cancelled by the new speech) it is carried into the next turn
// and done is false.
func (p *Pipeline) endOfTurn(ctx context.Context, text string) (joined string, done bool) {
	p.mu.Lock()
	if p.carry != "" {
		text = strings.TrimSpace(p.carry + " " + text)
		p.carry = ""
	}
	p.mu.Unlock()
	if p.Grace < 0 || turn.EndOfUtterance(text) {
		return text, true
	}
	p.mu.Lock()
	p.carry = text
	p.mu.Unlock()
	t := time.NewTimer(p.Grace)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
		return "", false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.carry != text { // taken by a newer turn meanwhile
		return "", false
	}
	p.carry = ""
	return text, true
}
