package companion

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"path/filepath"

	"github.com/kin-companion/kin/internal/attach"
	"github.com/kin-companion/kin/store"
)

// SocketPath is where the kin running with this data directory and agent
// listens for other kin commands ($XDG_RUNTIME_DIR/kin/…), so that a second
// `kin chat` talks to the running character instead of starting another.
func SocketPath(dataDir, agentID string) (string, error) {
	if dataDir == "" {
		var err error
		if dataDir, err = store.DefaultDataDir(); err != nil {
			return "", err
		}
	}
	if agentID == "" {
		agentID = store.DefaultAgentID
	}
	abs, _ := filepath.Abs(dataDir)
	sum := sha256.Sum256([]byte(abs + "\x00" + agentID))
	return attach.Path(agentID+"-"+hex.EncodeToString(sum[:4]), nil)
}

// serveAttach lets later kin commands reach this one; when another kin
// already serves the socket, this one simply does not.
func (c *Companion) serveAttach(ctx context.Context, o Options) {
	if c.DB == nil {
		return // memory is off: another kin owns it, and the socket
	}
	p, err := SocketPath(o.DataDir, o.AgentID)
	if err != nil {
		return
	}
	rt := attach.Runtime{Send: c.Send, Registry: c.Runtime.Registry(), Call: c.Runtime.Call,
		MCP: func(ctx context.Context, in io.Reader, out io.Writer) error {
			return c.MCPServer().ServeStdio(ctx, in, out)
		}}
	if c.Schedule != nil { // a nil *Scheduler must stay a nil Tasks
		rt.Schedule = c.Schedule
	}
	srv, err := attach.Serve(ctx, p, attach.ForRuntime(rt))
	if err != nil {
		if !errors.Is(err, attach.ErrRunning) {
			c.Warnings = append(c.Warnings, "other kin commands cannot reach this one: "+err.Error())
		}
		return
	}
	c.attach = srv
}
