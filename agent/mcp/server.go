package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"github.com/kin-companion/kin/agent/tools"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServerOptions say what kin's own MCP server offers.
type ServerOptions struct {
	Name, Version string // how the server introduces itself; default "kin", "dev"
	// Tools lists what to expose; it is read again before every tools/list
	// and tools/call, so the list follows kin's registry.
	Tools func() []*tools.Tool
	// Call runs one call through kin's permission gate, diary and bus,
	// exactly like the model's own calls; the server never calls Tool.Run.
	Call      func(ctx context.Context, name string, args json.RawMessage) (tools.Result, error)
	Resources []Resource
}

// Resource is a document the server offers, read afresh on every
// resources/read (e.g. kin://identity and kin://emotions as JSON).
type Resource struct {
	URI, Name, Description, MIMEType string
	Read                             func(ctx context.Context) (string, error)
}

// Server is kin's MCP server: it exposes kin's tools and resources to other
// MCP clients over stdio ([Server.ServeStdio]) or streamable HTTP
// ([Server.Handler]). Safe for concurrent use.
type Server struct {
	o   ServerOptions
	srv *sdk.Server

	mu      sync.Mutex
	exposed map[string]string // tool name → fingerprint of what was announced
}

// NewServer returns a server offering o's tools and resources.
func NewServer(o ServerOptions) *Server {
	if o.Name == "" {
		o.Name = "kin"
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	s := &Server{o: o, exposed: map[string]string{}}
	s.srv = sdk.NewServer(&sdk.Implementation{Name: o.Name, Version: o.Version},
		&sdk.ServerOptions{Logger: slog.New(slog.DiscardHandler), // resources are inferred as they are added
			Capabilities: &sdk.ServerCapabilities{Tools: &sdk.ToolCapabilities{ListChanged: true}}})
	for _, r := range o.Resources {
		s.srv.AddResource(&sdk.Resource{URI: r.URI, Name: r.Name, Description: r.Description, MIMEType: r.MIMEType},
			readResource(r))
	}
	s.srv.AddReceivingMiddleware(func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			if method == "tools/list" || method == "tools/call" {
				s.Sync()
			}
			return next(ctx, method, req)
		}
	})
	s.Sync()
	return s
}

// Sync brings the announced tool list in line with ServerOptions.Tools;
// connected clients are sent notifications/tools/list_changed when it
// changed. It runs by itself before tools/list and tools/call; kin may call
// it when its registry changes so that clients hear of it sooner.
func (s *Server) Sync() {
	if s.o.Tools == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	want := map[string]*tools.Tool{}
	for _, t := range s.o.Tools() {
		if t != nil && objectSchema(t.Schema) {
			want[t.Name] = t
		}
	}
	var gone []string
	for name := range s.exposed {
		if _, ok := want[name]; !ok {
			gone = append(gone, name)
			delete(s.exposed, name)
		}
	}
	if len(gone) > 0 {
		s.srv.RemoveTools(gone...)
	}
	for name, t := range want {
		mt := announce(t)
		fp := fingerprint(mt)
		if s.exposed[name] != fp {
			s.srv.AddTool(mt, s.handle(name))
			s.exposed[name] = fp
		}
	}
}

// announce describes a kin tool to MCP clients; the risk becomes the
// annotations (high risk is destructive, read-only is read-only).
func announce(t *tools.Tool) *sdk.Tool {
	destructive := t.Meta.Risk == tools.High
	return &sdk.Tool{Name: t.Name, Description: strings.TrimSpace(t.Description),
		InputSchema: t.Schema,
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: t.Meta.ReadOnly && !destructive,
			DestructiveHint: &destructive}}
}

func fingerprint(t *sdk.Tool) string {
	b, _ := json.Marshal(t)
	return string(b)
}

// objectSchema reports whether schema is a JSON object schema, which MCP
// requires of a tool's input (the SDK panics on anything else).
func objectSchema(schema json.RawMessage) bool {
	var v struct {
		Type any `json:"type"`
	}
	return json.Unmarshal(schema, &v) == nil && v.Type == "object"
}

// handle runs a call through ServerOptions.Call; an error becomes an
// isError result carrying its message.
func (s *Server) handle(name string) sdk.ToolHandler {
	return func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		if s.o.Call == nil {
			return errorResult("kin's MCP server cannot run tools: it was started without a way to call them"), nil
		}
		res, err := s.o.Call(ctx, name, req.Params.Arguments)
		if err != nil {
			return errorResult(err.Error()), nil
		}
		out := &sdk.CallToolResult{Content: []sdk.Content{}}
		if res.Text != "" || len(res.Images) == 0 {
			out.Content = append(out.Content, &sdk.TextContent{Text: res.Text})
		}
		for _, im := range res.Images {
			out.Content = append(out.Content, &sdk.ImageContent{MIMEType: im.MediaType, Data: im.Data})
		}
		return out, nil
	}
}

func errorResult(msg string) *sdk.CallToolResult {
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: msg}}}
}

func readResource(r Resource) sdk.ResourceHandler {
	return func(ctx context.Context, _ *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		if r.Read == nil {
			return nil, fmt.Errorf("kin has nothing to say about %s", r.URI)
		}
		text, err := r.Read(ctx)
		if err != nil {
			return nil, fmt.Errorf("kin could not read %s: %w", r.URI, err)
		}
		return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{
			{URI: r.URI, MIMEType: r.MIMEType, Text: text}}}, nil
	}
}
