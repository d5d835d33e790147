package scene

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
)

// Gestures are the procedural gestures every character has, even one with
// no animation clips.
var Gestures = []string{"wave", "nod", "shake", "bow", "shrug", "celebrate", "think", "concern"}

// Fake is a headless scene: every command succeeds (except a clip that
// neither Clips nor Gestures holds) and, with W set, prints a short line
// such as "[wave 1500ms]".
type Fake struct {
	Clips []string  // the model's clip names
	W     io.Writer // optional

	mu  sync.Mutex
	log []Command
}

// Do implements Scene.
func (f *Fake) Do(ctx context.Context, cmd Command) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if c, ok := cmd.(PlayClip); ok {
		if !slices.Contains(f.Clips, c.Name) && !slices.Contains(Gestures, c.Name) {
			return "", fmt.Errorf("no clip or gesture named %q; clips: %s; gestures: %s",
				c.Requested, list(f.Clips), strings.Join(Gestures, ", "))
		}
	}
	f.mu.Lock()
	f.log = append(f.log, cmd)
	f.mu.Unlock()
	if _, quiet := cmd.(Speak); f.W != nil && !quiet {
		fmt.Fprintf(f.W, "[%s]\n", cmd)
	}
	return "done: " + cmd.String(), nil
}

// Log returns the commands run so far.
func (f *Fake) Log() []Command {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.log)
}

func list(xs []string) string {
	if len(xs) == 0 {
		return "(none)"
	}
	return strings.Join(xs, ", ")
}
