package attach

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Converse is `kin chat` attached to a running kin: each line read from
// in is a turn of the running companion, its reply streamed to stdout and
// its failures to stderr, until in ends or ctx is cancelled. It returns
// nil at the end of in. A turn that fails is reported on stderr and the
// conversation goes on; Converse returns an error when ctx is cancelled,
// and a [*GoneError] when the running kin cannot be reached (it quit).
func (c *Client) Converse(ctx context.Context, in io.Reader, stdout, stderr io.Writer) error {
	r := bufio.NewReader(in)
	for {
		line, err := r.ReadString('\n')
		if text := strings.TrimSpace(line); text != "" {
			if cerr := c.printTurn(ctx, text, stdout, stderr); cerr != nil {
				if ctx.Err() != nil {
					return cerr
				}
				return &GoneError{Line: text, Rest: r, Err: cerr}
			}
		}
		if err != nil || ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// printTurn runs one turn; it returns an error only when the running kin
// could not be reached.
func (c *Client) printTurn(ctx context.Context, text string, stdout, stderr io.Writer) error {
	streamed := false
	final, err := c.Chat(ctx, text, func(e Event) {
		switch e.Kind {
		case KindText:
			fmt.Fprint(stdout, e.Text)
			streamed = true
		case KindToolStart:
			if streamed {
				fmt.Fprintln(stdout)
				streamed = false
			}
		}
	})
	if streamed {
		fmt.Fprintln(stdout)
	}
	switch {
	case err == nil && !streamed && final != "":
		fmt.Fprintln(stdout, final)
	case err == nil:
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, new(*RemoteError)):
		fmt.Fprintln(stderr, "kin:", err)
	default:
		return err
	}
	return nil
}

// GoneError says the running kin went away during [Client.Converse]
// (killed, or quit): Line is the line it did not answer and Rest the
// input not read yet, so the command can go on by itself, with the store
// the running kin no longer holds.
type GoneError struct {
	Line string
	Rest io.Reader
	Err  error
}

func (e *GoneError) Error() string { return e.Err.Error() }

// Unwrap returns why the running kin could not be reached.
func (e *GoneError) Unwrap() error { return e.Err }
