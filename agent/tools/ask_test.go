package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

type asker struct {
	answer string
	err    error
	asked  string
}

func (a *asker) AskUser(_ context.Context, q string) (string, error) {
	a.asked = q
	return a.answer, a.err
}

func TestAskUser(t *testing.T) {
	for _, c := range []struct {
		name   string
		a      Asker
		args   string
		want   string
		failed bool
	}{
		{"answered", &asker{answer: " Downloads "}, `{"question":"Which folder?","choices":["Downloads","Desktop"]}`, "The user answered: Downloads", false},
		{"declined", &asker{}, `{"question":"Which folder?"}`, "did not answer", false},
		{"no one", &asker{err: ErrNoOneToAsk}, `{"question":"Which?"}`, "no one is there to answer", true},
		{"no asker", nil, `{"question":"Which?"}`, "no one is there to answer", true},
		{"empty", &asker{}, `{"question":"  "}`, "question is empty", true},
		{"mistyped", &asker{}, `{"question":3}`, "bad arguments", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var tool *Tool
			if c.a == nil {
				tool = AskUser(nil)
			} else {
				tool = AskUser(c.a)
			}
			out, err := tool.Run(context.Background(), json.RawMessage(c.args))
			got := out
			if err != nil {
				got = err.Error()
			}
			if (err != nil) != c.failed || !strings.Contains(got, c.want) {
				t.Errorf("%q %v", out, err)
			}
		})
	}
	a := &asker{answer: "x"}
	_, _ = AskUser(a).Run(context.Background(), json.RawMessage(`{"question":"Which?","choices":["a","b"]}`))
	if a.asked != "Which? (a / b)" {
		t.Errorf("asked %q", a.asked)
	}
}

type switcher struct{ to string }

func (s *switcher) SwitchVoice(v string) { s.to = v }
func (s *switcher) Voices() []string     { return []string{"alloy", "coral", "sage"} }

func TestChangeVoice(t *testing.T) {
	slot := &VoiceSlot{}
	tool := ChangeVoice(slot)
	if _, err := tool.Run(context.Background(), json.RawMessage(`{"voice":"coral"}`)); err == nil || !strings.Contains(err.Error(), "no voice conversation") {
		t.Errorf("without a session: %v", err)
	}
	s := &switcher{}
	slot.Set(s)
	if out, err := tool.Run(context.Background(), json.RawMessage(`{"voice":"Coral"}`)); err != nil || s.to != "coral" || !strings.Contains(out, "coral") {
		t.Errorf("%q %v %q", out, err, s.to)
	}
	if _, err := tool.Run(context.Background(), json.RawMessage(`{"voice":"robot"}`)); err == nil || !strings.Contains(err.Error(), "alloy, coral, sage") {
		t.Errorf("unknown voice: %v", err)
	}
}
