package subagent

import (
	"context"
	"errors"
	"fmt"

	"github.com/kin-companion/kin/agent/protocol"
)

// asker is a sub-agent's side of ask_user: it suspends the sub-agent until
// the main model passes the user's answer on with reply_to_subagent.
type asker struct{ a *agent }

// AskUser implements tools.Asker.
func (k asker) AskUser(ctx context.Context, question string) (string, error) {
	a, m := k.a, k.a.m
	ch := make(chan string, 1)
	m.mu.Lock()
	a.state, a.question, a.answer = Waiting, question, ch
	m.mu.Unlock()
	defer func() {
		m.mu.Lock()
		if a.state == Waiting {
			a.state = Running
		}
		a.question, a.answer = "", nil
		m.mu.Unlock()
	}()
	a.progress("asks: " + question)
	if m.cfg.Bus != nil {
		m.cfg.Bus.EmitFrom(Caller, protocol.SpeakPayload{Text: fmt.Sprintf("My helper working on %s asks: %s", clip(a.goal, 60), question)})
	}
	if m.cfg.Notes != nil {
		m.cfg.Notes.Inform(fmt.Sprintf("Sub-agent %s (goal: %q) asks the user: %q It waits for the answer. "+
			"When the user answers, pass their words on with reply_to_subagent {\"id\": %q, \"answer\": …}.", a.id, a.goal, question, a.id))
	}
	select {
	case ans := <-ch:
		return ans, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// reply hands answer to the sub-agent waiting in ask_user.
func (a *agent) reply(answer string) error {
	a.m.mu.Lock()
	defer a.m.mu.Unlock()
	if a.answer == nil {
		return fmt.Errorf("sub-agent %s is not waiting for an answer (it is %s)", a.id, a.state)
	}
	if answer == "" {
		return errors.New("the answer is empty: pass on what the user said")
	}
	a.answer <- answer
	a.answer = nil
	return nil
}
