package tools

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/redact"
)

// Callers: who made a call, as recorded in the diary.
const (
	CallerModel    = "model"
	CallerVoice    = "voice"
	CallerMCP      = "mcp"
	CallerSchedule = "schedule"
)

// Answer is the user's reply to a permission request.
type Answer int

// Answers: Always also remembers the grant for [Request.AlwaysScope].
const (
	Deny Answer = iota
	Once
	Always
)

// Request is what a [Confirmer] asks the user about.
type Request struct {
	Call       llm.ToolCall
	Assessment Assessment
	Caller     string
	// AlwaysScope is what "always" would allow: "" for every call of the
	// tool, else calls under this path or with this command.
	AlwaysScope string
}

// Question says the request in plain words, for a prompt.
func (r Request) Question() string {
	what := r.Assessment.Summary
	if what == "" {
		args := string(redact.JSON(r.Call.Args))
		if len(args) > 160 {
			args = args[:157] + "…"
		}
		what = r.Call.Name + " " + args
	}
	return "Allow kin to " + what + "?"
}

// Confirmer asks the user whether a high-risk call may run: the window
// shows a prompt, `kin chat` asks on the terminal, a voice session asks aloud.
type Confirmer interface {
	Confirm(ctx context.Context, r Request) (Answer, error)
}

// Grants remembers "always allow" answers; the store keeps them per agent.
type Grants interface {
	Granted(tool, scope string) (bool, error)
	Grant(tool, scope string) error
}

// Verdict is the gate's decision on one call.
type Verdict struct {
	Allowed    bool
	Reason     string // how it was decided, for the diary
	Assessment Assessment
	// Message is what the model is told when the call may not run.
	Message string
}

// Gate is the one permission gate every tool call passes, whoever makes
// it: low risk runs, medium runs and is recorded, high asks the user first
// unless a remembered grant or --yes covers it. Every decision goes on the
// bus as a tool-call event (arguments redacted), which the diary records.
type Gate struct {
	Confirm Confirmer     // nil: no one can be asked, high-risk calls are denied
	Grants  Grants        // nil: nothing is remembered
	Yes     bool          // --yes: high-risk calls run without asking
	Bus     *protocol.Bus // optional
	// NoOne explains, when Confirm is nil, why no one can be asked; it is
	// part of what the model is told.
	NoOne string
	// Voice, when set, confirms calls a voice conversation makes: aloud,
	// by the user's spoken yes (see [VoiceConfirm]).
	Voice *VoiceConfirm
}

// Check decides whether call of t may run, asking the user when it must.
func (g *Gate) Check(ctx context.Context, t *Tool, call llm.ToolCall, caller string) Verdict {
	if caller == "" {
		caller = CallerModel
	}
	a := t.Grade(call.Args)
	v := g.decide(ctx, t, call, caller, a)
	v.Assessment = a
	g.record(call, caller, v)
	return v
}

func (g *Gate) decide(ctx context.Context, t *Tool, call llm.ToolCall, caller string, a Assessment) Verdict {
	switch {
	case a.Risk == Low:
		return Verdict{Allowed: true, Reason: "low risk"}
	case a.Risk == Medium:
		return Verdict{Allowed: true, Reason: "medium risk, recorded"}
	case g.Yes:
		return Verdict{Allowed: true, Reason: "allowed by --yes"}
	}
	if g.Grants != nil {
		if ok, err := g.Grants.Granted(t.Name, a.Scope); err == nil && ok {
			return Verdict{Allowed: true, Reason: "always allowed"}
		}
	}
	if caller == CallerVoice && g.Voice != nil {
		if g.Voice.check(Key(call.Name, call.Args)) {
			return Verdict{Allowed: true, Reason: "allowed by the user aloud"}
		}
		q := Request{Call: call, Assessment: a}.Question()
		return Verdict{Reason: "asked the user aloud", Message: fmt.Sprintf(
			"%s needs the user's permission. Ask them aloud, in your own words: %q Then wait: kin hears their answer itself. If they say yes, call %s again with exactly the same arguments; if they say no, do not.",
			t.Name, q, t.Name)}
	}
	if g.Confirm == nil {
		why := g.NoOne
		if why == "" {
			why = "no one is there to confirm it"
		}
		return Verdict{Reason: "no one to ask", Message: fmt.Sprintf(
			"%s was not run: it needs the user's permission, and %s. Do not try it again this turn; tell the user what you wanted to do, so they can do it themselves or allow it (kin --yes, or kin permissions allow %s).",
			t.Name, why, t.Name)}
	}
	req := Request{Call: call, Assessment: a, Caller: caller, AlwaysScope: AlwaysScope(a.Scope)}
	ans, err := g.Confirm.Confirm(ctx, req)
	switch {
	case err != nil && ctx.Err() != nil:
		return Verdict{Reason: "cancelled", Message: "the call was cancelled before the user answered"}
	case err != nil:
		return Verdict{Reason: "could not ask: " + err.Error(), Message: "the user could not be asked about " + t.Name + " (" + err.Error() + "); do not try it again this turn"}
	case ans == Deny:
		return Verdict{Reason: "denied by the user", Message: "the user did not allow " + t.Name + "; do not try it again this turn"}
	case ans == Always && g.Grants != nil:
		if err := g.Grants.Grant(t.Name, req.AlwaysScope); err != nil {
			return Verdict{Allowed: true, Reason: "allowed by the user (could not remember it: " + err.Error() + ")"}
		}
		return Verdict{Allowed: true, Reason: "allowed by the user, always"}
	}
	return Verdict{Allowed: true, Reason: "allowed by the user"}
}

func (g *Gate) record(call llm.ToolCall, caller string, v Verdict) {
	if g.Bus == nil {
		return
	}
	g.Bus.Emit(protocol.ToolCallPayload{Tool: call.Name, Caller: caller, Risk: v.Assessment.Risk.String(),
		Allowed: v.Allowed, Reason: v.Reason, Summary: redact.Text(v.Assessment.Summary), Args: redact.JSON(call.Args)})
}

// AlwaysScope is the scope an "always" answer grants for a call whose
// scope is scope: a path's folder (always delete in ~/tmp), a command as
// written (always run `git status`), or the whole tool when the call has
// no scope.
func AlwaysScope(scope string) string {
	if strings.HasPrefix(scope, "/") {
		return filepath.Dir(scope)
	}
	return scope
}
