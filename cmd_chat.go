package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/scene"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/internal/attach"
	"github.com/kin-companion/kin/internal/companion"
)

// cmdChat implements `kin chat`: the agent runtime in the terminal with no
// window, reading lines from stdin (a terminal or a pipe).
func cmdChat(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return chat(ctx, args, os.Stdin, stdout, stderr, os.Getenv)
}

// attached talks to the kin already running with the same memory, if
// there is one: the same character answers here and on screen, and no
// turn runs twice at once. With none, ok is false and rest nil. When that
// kin goes away, rest is the input it did not take (ok false): this chat
// goes on by itself.
func attached(ctx context.Context, opts companion.Options, stdin io.Reader, stdout, stderr io.Writer) (code int, ok bool, rest io.Reader) {
	p, err := companion.SocketPath(opts.DataDir, opts.AgentID)
	if err != nil {
		return 0, false, nil
	}
	cl, err := attach.Dial(ctx, p)
	if err != nil {
		return 0, false, nil
	}
	fmt.Fprintln(stderr, "kin: talking to the kin that is already running. Type a message; Ctrl-D ends.")
	err = cl.Converse(ctx, stdin, stdout, stderr)
	var gone *attach.GoneError
	switch {
	case err == nil || ctx.Err() != nil:
		return 0, true, nil
	case errors.As(err, &gone):
		fmt.Fprintln(stderr, "kin: the kin that was running is gone; this chat goes on by itself:", err)
		return 0, false, io.MultiReader(strings.NewReader(gone.Line+"\n"), gone.Rest)
	}
	fmt.Fprintln(stderr, "kin:", err)
	return 1, true, nil
}

// isTerminal reports whether r is a terminal someone can answer on.
var isTerminal = func(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func chat(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("chat", flag.ContinueOnError)
	fs.SetOutput(stderr)
	flags := companion.AddFlags(fs, "model")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	man, err := flags.Manifest()
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	stdout = &lockedWriter{w: stdout} // the turn's goroutine prints scene lines and prompts too
	opts := flags.Options(man)
	opts.Provider.Getenv = companion.KeyedGetenv(getenv) // keys stored by kin settings set-key fill in
	steering := isTerminal(stdin)                        // from a pipe, every line is its own turn
	code, ok, rest := attached(ctx, opts, stdin, stdout, stderr)
	if ok {
		return code
	}
	if rest != nil { // the kin it talked to went away: it may still be letting go of the store
		opts.StoreWait, stdin = 5*time.Second, rest
	}
	opts.Scene = &scene.Fake{W: stdout}
	term := newTerminal(stdin)
	if steering {
		lc := &lineConfirm{next: term.next, out: stdout}
		opts.Confirm, opts.Asker = lc, lc
	} else {
		opts.NoOne = "kin chat's input is not a terminal, so no one can confirm it"
	}
	var started atomic.Pointer[companion.Companion]
	opts.Remind = func(text string) { // a reminder falls due while the chat waits
		fmt.Fprintf(stdout, "\n%s: %s\n", man.Name, text)
		if c := started.Load(); c != nil {
			c.NotifyDesktop(ctx, man.Name, text)
		}
	}
	c, err := companion.Start(ctx, opts)
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	started.Store(c)
	defer c.Close()
	for _, w := range c.Warnings {
		fmt.Fprintln(stderr, "kin:", w)
	}
	fmt.Fprintf(stderr, "kin: %s is listening through %s (%s). Type a message; Ctrl-D ends.\n", man.Name, c.Choice.Provider.Name(), c.Choice.Why)
	var queued []string // lines typed during a turn that it did not take
	for ctx.Err() == nil {
		var line string
		if len(queued) > 0 {
			line, queued = queued[0], queued[1:]
		} else {
			l, ok := <-term.lines
			if !ok {
				return 0
			}
			line = l
		}
		if text := strings.TrimSpace(line); text != "" {
			var steer <-chan string
			if steering {
				steer = term.lines
			}
			more, ok := printTurn(ctx, c, text, steer, stdout, stderr)
			queued = append(queued, more...)
			if !ok {
				return 1
			}
		}
	}
	return 0
}

// printTurn streams one turn to stdout. Lines typed meanwhile (steer, nil
// from a pipe) guide the turn; those it does not take are returned to be
// sent after it. ok is false for an error that will not go away by itself
// (a rejected request, a bad key).
func printTurn(ctx context.Context, c *companion.Companion, text string, steer <-chan string, stdout, stderr io.Writer) (later []string, ok bool) {
	streamed := false
	deltas := c.Send(ctx, text)
	for {
		var d runtime.Delta
		select {
		case line, open := <-steer:
			if !open {
				steer = nil
				continue
			}
			if t := strings.TrimSpace(line); t != "" && !c.Runtime.Steer(t) {
				later = append(later, t)
			}
			continue
		case dd, open := <-deltas:
			if !open {
				return later, true
			}
			d = dd
		}
		switch d.Kind {
		case runtime.Text:
			fmt.Fprint(stdout, d.Text)
			streamed = true
		case runtime.ToolStart:
			if streamed {
				fmt.Fprintln(stdout)
				streamed = false
			}
		case runtime.Final:
			if !streamed && d.Text != "" {
				fmt.Fprint(stdout, d.Text)
			}
			fmt.Fprintln(stdout)
		case runtime.Failed:
			if streamed {
				fmt.Fprintln(stdout)
			}
			fmt.Fprintln(stderr, "kin:", d.Err)
			if errors.Is(d.Err, llm.ErrBadRequest) || errors.Is(d.Err, llm.ErrAuth) {
				return later, false
			}
		}
	}
}

// lineConfirm asks on the chat's own terminal before a high-risk call.
type lineConfirm struct {
	next func() (string, error) // the next line typed
	out  io.Writer
}

// Confirm implements tools.Confirmer: y allows once, a always (for the
// scope shown), anything else denies.
func (c *lineConfirm) Confirm(_ context.Context, r tools.Request) (tools.Answer, error) {
	always := "always " + r.Call.Name
	if r.AlwaysScope != "" {
		always += " for " + r.AlwaysScope
	}
	fmt.Fprintf(c.out, "\n%s [y]es / [N]o / [a]%s: ", r.Question(), strings.TrimPrefix(always, "a"))
	line, err := c.next()
	answer := strings.ToLower(strings.TrimSpace(line))
	if err != nil && answer == "" {
		return tools.Deny, err
	}
	switch answer {
	case "y", "yes":
		return tools.Once, nil
	case "a", "always":
		return tools.Always, nil
	}
	return tools.Deny, nil
}

// AskUser implements tools.Asker: the question, then the next line typed.
func (c *lineConfirm) AskUser(_ context.Context, question string) (string, error) {
	fmt.Fprintf(c.out, "\n%s\n> ", question)
	line, err := c.next()
	if err != nil && strings.TrimSpace(line) == "" {
		return "", tools.ErrNoOneToAsk
	}
	return strings.TrimSpace(line), nil
}

// lockedWriter serialises writes from the chat loop and the turn.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
