package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/kin-companion/kin/agent/mcp"
	"github.com/kin-companion/kin/agent/scene"
	"github.com/kin-companion/kin/internal/attach"
	"github.com/kin-companion/kin/internal/companion"
	"github.com/kin-companion/kin/internal/settings"
)

// cmdMCP runs `kin mcp [serve] | list [--json] | token`.
func cmdMCP(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sub := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, args = args[0], args[1:]
	}
	switch sub {
	case "", "serve":
		return mcpServe(ctx, args, os.Stdin, stdout, stderr)
	case "list":
		return mcpList(ctx, args, stdout, stderr)
	case "token":
		return mcpToken(stdout, stderr)
	}
	fmt.Fprintf(stderr, "kin mcp: unknown command %q; use kin mcp, kin mcp list or kin mcp token\n", sub)
	return 2
}

// mcpServe serves kin's tools and resources over stdio with no window:
// what a client calls goes through the bus, the diary and the permissions.
func mcpServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kin mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	flags := companion.AddFlags(fs, "model")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	man, err := flags.Manifest()
	if err != nil {
		fmt.Fprintln(stderr, "kin mcp:", err)
		return 1
	}
	opts := flags.Options(man)
	if code, ok := mcpAttached(ctx, opts, stdin, stdout, stderr); ok {
		return code
	}
	opts.Scene = &scene.Fake{W: io.Discard} // stdout is the protocol's
	opts.NoOne = "kin mcp serves another program, so no person can confirm it"
	opts.Notify = func(s string) { fmt.Fprintln(stderr, "kin mcp:", s) }
	c, err := companion.Start(ctx, opts)
	if err != nil {
		fmt.Fprintln(stderr, "kin mcp:", err)
		return 1
	}
	defer c.Close()
	for _, w := range c.Warnings {
		fmt.Fprintln(stderr, "kin mcp:", w)
	}
	if err := c.MCPServer().ServeStdio(ctx, stdin, stdout); err != nil && ctx.Err() == nil {
		fmt.Fprintln(stderr, "kin mcp:", err)
		return 1
	}
	return 0
}

// mcpAttached serves the MCP server of the kin already running on the
// same memory, if there is one: its tools, its memory and diary, its
// permissions (a confirmation is asked in its window).
func mcpAttached(ctx context.Context, opts companion.Options, stdin io.Reader, stdout, stderr io.Writer) (int, bool) {
	p, err := companion.SocketPath(opts.DataDir, opts.AgentID)
	if err != nil {
		return 0, false
	}
	cl, err := attach.Dial(ctx, p)
	if err != nil {
		return 0, false
	}
	fmt.Fprintln(stderr, "kin mcp: serving through the kin that is already running (its memory, diary and permissions)")
	if err := cl.ServeMCP(ctx, stdin, stdout); err != nil && ctx.Err() == nil {
		fmt.Fprintln(stderr, "kin mcp:", err)
		return 1, true
	}
	return 0, true
}

// mcpList connects to every configured server (for up to --wait) and
// prints its state and tools.
func mcpList(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kin mcp list", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	wait := fs.Duration("wait", 20*time.Second, "how long to wait for servers to start")
	path := fs.String("config", companion.MCPConfigPath(), "the MCP servers file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg, err := mcp.LoadConfig(*path)
	if err != nil {
		fmt.Fprintln(stderr, "kin mcp list:", err)
		return 1
	}
	if len(cfg.Servers) == 0 && !*asJSON {
		fmt.Fprintf(stdout, "no MCP servers are configured; add them to %s as Claude Desktop does:\n  {\"mcpServers\": {\"NAME\": {\"command\": \"npx\", \"args\": [\"-y\", \"PACKAGE\"]}}}\n", *path)
		return 0
	}
	m := mcp.Start(ctx, cfg, mcp.Options{PingInterval: -1})
	defer m.Close()
	deadline := time.After(*wait)
	for !settled(m.Status()) {
		select {
		case <-m.Changed():
		case <-time.After(100 * time.Millisecond):
		case <-deadline:
			return printStatus(m.Status(), *asJSON, stdout, stderr)
		case <-ctx.Done():
			return 1
		}
	}
	return printStatus(m.Status(), *asJSON, stdout, stderr)
}

// settled: no server is still connecting.
func settled(st []mcp.ServerStatus) bool {
	for _, s := range st {
		if s.State == mcp.Connecting {
			return false
		}
	}
	return true
}

func printStatus(st []mcp.ServerStatus, asJSON bool, stdout, stderr io.Writer) int {
	if asJSON {
		type server struct {
			Name      string   `json:"name"`
			Transport string   `json:"transport"`
			State     string   `json:"state"`
			LastError string   `json:"lastError,omitempty"`
			Tools     []string `json:"tools"`
		}
		out := []server{}
		for _, s := range st {
			out = append(out, server{s.Name, strings.ToLower(s.Transport), string(s.State), s.LastError, append([]string{}, s.Tools...)})
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintln(stderr, "kin mcp list:", err)
			return 1
		}
		return 0
	}
	for _, s := range st {
		fmt.Fprintf(stdout, "%s (%s): %s\n", s.Name, s.Transport, s.State)
		if s.LastError != "" {
			fmt.Fprintf(stdout, "  %s\n", s.LastError)
		}
		for _, t := range s.Tools {
			fmt.Fprintf(stdout, "  %s\n", t)
		}
	}
	return 0
}

// mcpToken prints the bearer token the window's MCP server asks for.
func mcpToken(stdout, stderr io.Writer) int {
	tok, err := mcp.LoadOrCreateToken(mcpTokenPath())
	if err != nil {
		fmt.Fprintln(stderr, "kin mcp token:", err)
		return 1
	}
	fmt.Fprintln(stdout, tok)
	return 0
}

// mcpTokenPath is $XDG_CONFIG_HOME/kin/mcp-token.
func mcpTokenPath() string {
	p, err := settings.DefaultPath()
	if err != nil {
		return "mcp-token"
	}
	return filepath.Join(filepath.Dir(p), "mcp-token")
}
