package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/kin-companion/kin/agent/mcp"
	"github.com/kin-companion/kin/internal/companion"
	"github.com/kin-companion/kin/internal/settings"
)

// serveMCP serves kin's MCP server as streamable HTTP on 127.0.0.1 while
// the window runs, so Claude Code or any MCP client can make the visible
// character wave, speak and show messages. The address goes to stderr; a
// failure is returned as a notice for the screen ("" when all is well or
// the server is turned off in the settings).
func serveMCP(ctx context.Context, c *companion.Companion, stderr io.Writer) string {
	path, err := settings.DefaultPath()
	if err != nil {
		return ""
	}
	set, _ := settings.Load(path) // a bad file was reported at start
	port, on := set.Port()
	if !on {
		return ""
	}
	token, err := mcp.LoadOrCreateToken(filepath.Join(filepath.Dir(path), "mcp-token"))
	if err != nil {
		return fmt.Sprintf("kin's MCP server is off: %v", err)
	}
	addr, err := c.ServeMCPHTTP(ctx, port, token)
	if err != nil {
		addr, err = c.ServeMCPHTTP(ctx, 0, token) // the port is taken: any free one
		if err != nil {
			return fmt.Sprintf("kin's MCP server is off: %v", err)
		}
		fmt.Fprintf(stderr, "kin: port %d is taken; ", port)
	}
	fmt.Fprintf(stderr, "kin: MCP server at http://%s/ (the token: kin mcp token)\n", addr)
	return ""
}
