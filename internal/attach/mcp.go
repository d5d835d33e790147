package attach

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
)

// MCPServer is a [Handler] that also serves MCP: ServeMCP speaks the MCP
// stdio protocol on in and out until in ends or ctx is cancelled.
type MCPServer interface {
	ServeMCP(ctx context.Context, in io.Reader, out io.Writer) error
}

// serveMCP hands the connection to h's MCP server after a ready event;
// r holds what the client sent after its request line.
func serveMCP(ctx context.Context, h Handler, c net.Conn, r *bufio.Reader) {
	enc := json.NewEncoder(c)
	m, ok := h.(MCPServer)
	if !ok {
		_ = enc.Encode(Event{Kind: KindFailed, Error: "the running kin does not serve MCP to other commands"})
		return
	}
	if enc.Encode(Event{Kind: KindReady}) != nil {
		return
	}
	_ = m.ServeMCP(ctx, r, c)
}

// ServeMCP makes this command an MCP stdio server that is the running
// kin's: what arrives on in goes to the running kin's MCP server and its
// answers go to out, until in ends, the running kin quits or ctx is
// cancelled. Tool calls pass the running kin's permission gate and diary.
func (c *Client) ServeMCP(ctx context.Context, in io.Reader, out io.Writer) error {
	conn, err := dial(ctx, c.path)
	if err != nil {
		return err
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	if err := json.NewEncoder(conn).Encode(request{Op: "mcp"}); err != nil {
		return fmt.Errorf("attach: cannot send to the running kin: %w", err)
	}
	r := bufio.NewReader(conn)
	line, err := r.ReadBytes('\n')
	if err != nil {
		return fmt.Errorf("attach: the running kin hung up before serving MCP (did it quit?): %w", err)
	}
	var e Event
	if err := json.Unmarshal(line, &e); err != nil {
		return fmt.Errorf("attach: the running kin sent something unreadable: %w", err)
	}
	if e.Kind != KindReady {
		return &RemoteError{Msg: e.Error, Code: e.Code}
	}
	go func() {
		_, _ = io.Copy(conn, in)
		if uc, ok := conn.(*net.UnixConn); ok {
			_ = uc.CloseWrite() // the running kin sees the end of input
		}
	}()
	if _, err := io.Copy(out, r); err != nil && ctx.Err() == nil {
		return fmt.Errorf("attach: the connection to the running kin broke: %w", err)
	}
	return ctx.Err()
}
