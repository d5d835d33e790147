// Package scene is the agent's contract with whatever shows the character:
// the [Command] values the scene tools send and the [Scene] interface that
// runs them. The window implements Scene with a [Queue]: commands wait as
// [Request] values that the engine's Update drains and answers, so avatar
// state is only ever touched by the frame loop. [Fake] is the headless
// scene of tests and `kin chat`.
package scene

import (
	"context"
	"fmt"
	"time"
)

// Command is one thing the character should do.
type Command interface {
	fmt.Stringer
	command()
}

// Wave plays the wave gesture.
type Wave struct{ Duration time.Duration }

// LookAt turns the gaze: "user", "camera" or "center".
type LookAt struct{ Target string }

// PlayClip plays an animation. Name is already resolved through the agent's
// slot map; the scene resolves it against the model's clips, then its
// procedural gestures, and fails clearly when nothing matches.
type PlayClip struct {
	Name      string
	Requested string // what the model asked for, before the slot map
	Loop      bool
	Fade      time.Duration
}

// SetExpression blends a facial expression preset.
type SetExpression struct {
	Preset    string
	Intensity float64
}

// Speak says text aloud (or shows it, without a voice).
type Speak struct{ Text string }

func (Wave) command()          {}
func (LookAt) command()        {}
func (PlayClip) command()      {}
func (SetExpression) command() {}
func (Speak) command()         {}

func (c Wave) String() string   { return fmt.Sprintf("wave %dms", c.Duration.Milliseconds()) }
func (c LookAt) String() string { return "look at " + c.Target }
func (c PlayClip) String() string {
	s := "play " + c.Name
	if c.Loop {
		s += " (loop)"
	}
	return s
}
func (c SetExpression) String() string {
	return fmt.Sprintf("expression %s %.1f", c.Preset, c.Intensity)
}
func (c Speak) String() string { return "say " + c.Text }

// Scene runs commands. Do returns a short description of what happened, or
// an error the model should see (an unknown clip, for instance).
type Scene interface {
	Do(ctx context.Context, cmd Command) (string, error)
}

// DefaultTimeout bounds how long [Queue.Do] waits when ctx has no deadline.
const DefaultTimeout = 5 * time.Second

// Request is a command waiting for the frame loop; answer it exactly once
// with [Request.Reply].
type Request struct {
	Cmd   Command
	reply chan reply
}

type reply struct {
	out string
	err error
}

// Reply answers the request; it never blocks.
func (r Request) Reply(out string, err error) {
	select {
	case r.reply <- reply{out, err}:
	default:
	}
}

// Queue is a Scene whose commands are executed by someone else's loop.
type Queue struct{ ch chan Request }

// NewQueue returns a queue holding up to n waiting requests.
func NewQueue(n int) *Queue { return &Queue{ch: make(chan Request, n)} }

// Requests is drained by the frame loop, without blocking:
//
//	for i := 0; i < 8; i++ {
//		select {
//		case req := <-q.Requests():
//			req.Reply(run(req.Cmd))
//		default:
//			return
//		}
//	}
func (q *Queue) Requests() <-chan Request { return q.ch }

// Do implements Scene: it posts the command and waits for the reply, for
// ctx, or for DefaultTimeout when ctx has no deadline.
func (q *Queue) Do(ctx context.Context, cmd Command) (string, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	req := Request{Cmd: cmd, reply: make(chan reply, 1)}
	select {
	case q.ch <- req:
	case <-ctx.Done():
		return "", fmt.Errorf("scene: %s: not taken: %w", cmd, ctx.Err())
	}
	select {
	case r := <-req.reply:
		return r.out, r.err
	case <-ctx.Done():
		return "", fmt.Errorf("scene: %s: no reply: %w", cmd, ctx.Err())
	}
}
