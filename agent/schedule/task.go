package schedule

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Task is one scheduled task, as stored, listed by list_tasks and printed
// by `kin schedule list --json`. Exactly one of Message and Prompt is set.
type Task struct {
	ID      string    `json:"id"`
	Message string    `json:"message,omitempty"` // what kin says when the task is due
	Prompt  string    `json:"prompt,omitempty"`  // what kin runs through the agent when it is due
	Due     time.Time `json:"due"`               // the next time it is due, in the user's zone
	Repeat  string    `json:"repeat,omitempty"`  // the repeat rule in normal form; "" for once
	Created time.Time `json:"created"`
}

// What says what the task does, e.g. `say "stretch"` or `run "check the mail"`,
// with long text shortened.
func (t Task) What() string {
	if t.Prompt != "" {
		return "run " + quoteShort(t.Prompt)
	}
	return "say " + quoteShort(t.Message)
}

// Describe says the task in one line for people: what, when, how often.
func (t Task) Describe() string {
	s := fmt.Sprintf("%s %s", t.What(), When(t.Due))
	if t.Repeat != "" {
		s += ", then " + t.Repeat
	}
	return s
}

// When says a due time in plain words, e.g. "on Mon 2 Mar 2026 at 09:00 CET".
func When(t time.Time) string {
	if t.Second() != 0 {
		return t.Format("on Mon 2 Jan 2006 at 15:04:05 MST")
	}
	return t.Format("on Mon 2 Jan 2006 at 15:04 MST")
}

func quoteShort(s string) string {
	const max = 80
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max-1]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

// Spec asks for a task, as schedule_task and `kin schedule add` take it:
// a Message or a Prompt; when, as At (RFC 3339) or In (a duration from
// now); and an optional Repeat rule. When may be left out if Repeat names
// its own times (a cron line, "daily at 09:00", "every 2 hours").
type Spec struct {
	Message, Prompt string
	At, In          string
	Repeat          string
}

// maxText caps a message or prompt, in characters.
const maxText = 4000

// validateText checks that exactly one of message and prompt is given.
func (sp Spec) validateText() error {
	msg, prompt := strings.TrimSpace(sp.Message), strings.TrimSpace(sp.Prompt)
	switch {
	case msg == "" && prompt == "":
		return fmt.Errorf("message: give a message for kin to say, or a prompt for kin to run")
	case msg != "" && prompt != "":
		return fmt.Errorf("message: give a message or a prompt, not both")
	}
	name, text := "message", msg
	if prompt != "" {
		name, text = "prompt", prompt
	}
	if n := utf8.RuneCountInString(text); n > maxText {
		return fmt.Errorf("%s: is %d characters long; keep it under %d", name, n, maxText)
	}
	return nil
}

// task builds the task sp asks for at now in loc (without an id).
func (sp Spec) task(now time.Time, loc *time.Location) (Task, Rule, error) {
	if err := sp.validateText(); err != nil {
		return Task{}, Rule{}, err
	}
	rule, err := ParseRepeat(sp.Repeat)
	if err != nil {
		return Task{}, Rule{}, err
	}
	due, err := firstDue(sp.At, sp.In, rule, now, loc)
	if err != nil {
		return Task{}, Rule{}, err
	}
	rule = rule.anchored(due, loc)
	return Task{Message: strings.TrimSpace(sp.Message), Prompt: strings.TrimSpace(sp.Prompt),
		Due: due.In(loc), Repeat: rule.String(), Created: now.In(loc).Round(0)}, rule, nil
}

// newID is eight random hex digits: short enough to type, long enough that
// a cancelled task's id is not handed out again.
func newID() string {
	var b [4]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
