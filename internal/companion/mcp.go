package companion

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/mcp"
	"github.com/kin-companion/kin/agent/redact"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/internal/settings"
)

// mcpPrefix starts every MCP server's tool name in the registry.
const mcpPrefix = "mcp__"

// MCPConfigPath is $XDG_CONFIG_HOME/kin/mcp.json, in the format Claude
// Desktop and Cursor use.
func MCPConfigPath() string {
	p, err := settings.DefaultPath()
	if err != nil {
		return ""
	}
	return filepath.Join(filepath.Dir(p), "mcp.json")
}

// mcpConfig gathers the MCP servers of mcp.json and the manifest; a bad
// source is a warning and the others are still used.
func (c *Companion) mcpConfig(o Options) mcp.Config {
	path := o.MCPConfig
	if path == "" {
		path = MCPConfigPath()
	}
	cfg := mcp.Config{}
	if path != "-" && path != "" {
		fileCfg, err := mcp.LoadConfig(path)
		if err != nil {
			c.Warnings = append(c.Warnings, fmt.Sprintf("MCP servers not started: %v", err))
		} else {
			cfg = cfg.Merge(fileCfg)
		}
	}
	if raw, ok := o.Manifest.Extra["mcpServers"]; ok {
		manCfg, err := mcp.ParseServers("manifest "+o.Manifest.Name, raw)
		if err != nil {
			c.Warnings = append(c.Warnings, fmt.Sprintf("the manifest's MCP servers not started: %v", err))
		} else {
			cfg = cfg.Merge(manCfg)
		}
	}
	return cfg
}

// startMCP connects the configured MCP servers in the background (the
// first frame never waits for them) and keeps their tools in the registry
// as they come, change and go.
func (c *Companion) startMCP(ctx context.Context, o Options) {
	cfg := c.mcpConfig(o)
	if len(cfg.Servers) == 0 {
		return
	}
	report := func(server string, err error) {
		c.notify(o, fmt.Sprintf("MCP server %s: %v", server, err))
	}
	c.MCP = mcp.Start(ctx, cfg, mcp.Options{Report: report, Log: logLines{o.Logger}, Name: "kin"})
	c.Runtime.Registry().SetAbsent(c.MCP.Absent)
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-c.MCP.Changed():
				c.Runtime.Registry().Sync(mcpPrefix, c.MCP.Tools())
			}
		}
	}()
}

func (c *Companion) notify(o Options, msg string) {
	if o.Notify != nil {
		o.Notify(msg)
		return
	}
	o.Logger.Warn(msg)
}

// MCPServer is kin's own MCP server: the registry's tools (the scene,
// memory, skills, the computer and web tools, other servers' tools not
// included) and the agent's identity and feelings as resources. Every call
// passes the permission gate as an "mcp" caller and is in the diary.
func (c *Companion) MCPServer() *mcp.Server {
	exposed := func() []*tools.Tool {
		var out []*tools.Tool
		for _, t := range c.Runtime.Registry().All() {
			if c.offered(t.Name) {
				out = append(out, t)
			}
		}
		return out
	}
	call := func(ctx context.Context, name string, args json.RawMessage) (tools.Result, error) {
		if !c.offered(name) {
			return tools.Result{}, fmt.Errorf("kin offers no tool %q over MCP", name)
		}
		return c.Runtime.Call(ctx, tools.CallerMCP, name, args)
	}
	return mcp.NewServer(mcp.ServerOptions{Name: "kin", Tools: exposed, Call: call, Resources: []mcp.Resource{
		{URI: "kin://identity", Name: "identity", MIMEType: "application/json",
			Description: "The agent's passport: id, name, description, wallet, skills", Read: c.identityJSON},
		{URI: "kin://emotions", Name: "emotions", MIMEType: "application/json",
			Description: "The character's emotions now, each 0..1 (concern, celebration, patience, curiosity, empathy, neutral)",
			Read:        func(context.Context) (string, error) { return marshal(c.feel.snapshot()) }},
	}})
}

// notOffered are tools that only make sense inside kin's own conversation.
var notOffered = map[string]bool{"ask_user": true, "change_voice": true, "tool_search": true, "spawn_subagent": true,
	"reply_to_subagent": true, "list_subagents": true, "cancel_subagent": true}

// offered reports whether kin's MCP server offers the tool: not other
// servers' tools, not the conversation's own, and of the skills only those
// marked mcpExposed.
func (c *Companion) offered(name string) bool {
	if _, ok := c.Runtime.Registry().Get(name); !ok || isMCPTool(name) || notOffered[name] {
		return false
	}
	if c.skillSet != nil {
		if sk, ok := c.skillSet.Get(name); ok {
			return sk.MCPExposed
		}
	}
	return true
}

func isMCPTool(name string) bool {
	return len(name) > len(mcpPrefix) && name[:len(mcpPrefix)] == mcpPrefix
}

func (c *Companion) identityJSON(context.Context) (string, error) {
	if c.DB == nil {
		return marshal(map[string]string{"name": c.Manifest.Name, "description": c.Manifest.Description})
	}
	p, err := c.DB.Identity().Passport()
	if err != nil {
		return "", err
	}
	if p.Name == "" {
		p.Name = c.Manifest.Name
	}
	return marshal(p)
}

func marshal(v any) (string, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	return string(b), err
}

// ServeMCPHTTP serves kin's MCP server as streamable HTTP on 127.0.0.1:port
// (0 picks a free port) with a bearer token, until ctx ends. It returns
// the address it listens on.
func (c *Companion) ServeMCPHTTP(ctx context.Context, port int, token string) (string, error) {
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		return "", fmt.Errorf("MCP server: cannot listen on 127.0.0.1:%d: %w", port, err)
	}
	srv := &http.Server{Handler: c.MCPServer().Handler(token), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	return ln.Addr().String(), nil
}

// logLines writes MCP servers' stderr lines to the debug log, redacted.
type logLines struct{ l *slog.Logger }

func (w logLines) Write(p []byte) (int, error) {
	w.l.Debug("mcp", "line", redact.Text(strings.TrimRight(string(p), "\n")))
	return len(p), nil
}
