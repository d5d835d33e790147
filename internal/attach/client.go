package attach

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"syscall"
)

// ErrNotRunning is returned by [Dial] when no kin serves the socket.
var ErrNotRunning = errors.New("attach: no kin is running for this agent")

// maxEvent caps one event line, in bytes (a tool result with pictures).
const maxEvent = 64 << 20

// RemoteError is a failure the running kin reported (a refused call, a
// turn that failed); other errors mean it could not be reached.
type RemoteError struct {
	Msg  string
	Code string // CodeNotFound, or ""
}

func (e *RemoteError) Error() string { return e.Msg }

// Client talks to a running kin.
type Client struct{ path string }

// Dial checks that a kin serves the socket at path and returns a client
// for it; it fails with ErrNotRunning when none does (no socket, or one
// left by a kin that died).
func Dial(ctx context.Context, path string) (*Client, error) {
	c, err := dial(ctx, path)
	if err != nil {
		return nil, err
	}
	c.Close()
	return &Client{path: path}, nil
}

func dial(ctx context.Context, path string) (net.Conn, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", path)
	switch {
	case err == nil:
		return c, nil
	case errors.Is(err, os.ErrNotExist), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ENOENT):
		return nil, ErrNotRunning
	}
	return nil, fmt.Errorf("attach: cannot reach the running kin at %s: %w", path, err)
}

// Chat runs one turn in the running kin, passing each step to emit; it
// returns the final answer, or the error that ended the turn. Cancelling
// ctx cancels the turn.
func (c *Client) Chat(ctx context.Context, text string, emit func(Event)) (string, error) {
	e, err := c.do(ctx, request{Op: "chat", Text: text}, emit)
	return e.Text, err
}

// Tools lists the running kin's tools.
func (c *Client) Tools(ctx context.Context) ([]ToolInfo, error) {
	e, err := c.do(ctx, request{Op: "tools"}, nil)
	return e.Tools, err
}

// Call runs one tool call in the running kin, made by caller, through its
// permission gate.
func (c *Client) Call(ctx context.Context, caller, tool string, args json.RawMessage) (Result, error) {
	e, err := c.do(ctx, request{Op: "call", Caller: caller, Tool: tool, Args: args}, nil)
	return Result{Text: e.Text, Images: e.Image}, err
}

// do sends req on a fresh connection and reads events until the last.
func (c *Client) do(ctx context.Context, req request, emit func(Event)) (Event, error) {
	conn, err := dial(ctx, c.path)
	if err != nil {
		return Event{}, err
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	if err := json.NewEncoder(conn).Encode(req); err != nil {
		return Event{}, fmt.Errorf("attach: cannot send to the running kin: %w", err)
	}
	sc := bufio.NewScanner(conn)
	sc.Buffer(make([]byte, 0, 64<<10), maxEvent)
	for sc.Scan() {
		var e Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return Event{}, fmt.Errorf("attach: the running kin sent something unreadable: %w", err)
		}
		if !e.last() {
			if emit != nil {
				emit(e)
			}
			continue
		}
		if e.Kind == KindFailed {
			return e, &RemoteError{Msg: e.Error, Code: e.Code}
		}
		return e, nil
	}
	if ctx.Err() != nil {
		return Event{}, ctx.Err()
	}
	return Event{}, fmt.Errorf("attach: the running kin hung up before answering (did it quit?): %v", sc.Err())
}
