package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/tools"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxOutput caps the text of one tool result handed to the model.
const maxOutput = 64 << 10

var emptySchema = json.RawMessage(`{"type":"object","properties":{}}`)

// kinTool turns a server's tool into a kin tool that calls it.
func (s *server) kinTool(t *sdk.Tool) *tools.Tool {
	schema := emptySchema
	if t.InputSchema != nil {
		if b, err := json.Marshal(t.InputSchema); err == nil && string(b) != "null" {
			schema = b
		}
	}
	name, remote := ToolName(s.id, t.Name), t.Name
	kt := &tools.Tool{
		Name:        name,
		Description: strings.TrimSpace(fmt.Sprintf("(from the MCP server %q) %s", s.name, t.Description)),
		Schema:      schema,
		Meta:        toolMeta(t.Annotations),
		RunResult: func(ctx context.Context, args json.RawMessage) (tools.Result, error) {
			return s.call(ctx, remote, args)
		},
		Assess: func(args json.RawMessage) tools.Assessment {
			return tools.Assessment{Summary: fmt.Sprintf("%s on MCP server %q with %s", remote, s.name, clip(compactJSON(args), 200))}
		},
	}
	kt.Meta.TimeoutFloor = s.m.opt.CallTimeout
	kt.Run = func(ctx context.Context, args json.RawMessage) (string, error) {
		r, err := kt.RunResult(ctx, args)
		if n := len(r.Images); n > 0 {
			r.Text += fmt.Sprintf("\n[%d image(s) not shown]", n)
		}
		return r.Text, err
	}
	return kt
}

// toolMeta maps MCP annotations to kin's metadata: read-only tools are
// low risk and may run in parallel; tools that say they are destructive
// are high risk (the user is asked); the rest are medium. A missing
// destructiveHint counts as not destructive, although the spec's default
// is true: most servers do not annotate, and asking before every call of
// every unannotated tool would teach the user to click yes.
func toolMeta(a *sdk.ToolAnnotations) tools.Meta {
	switch {
	case a != nil && a.ReadOnlyHint:
		return tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low}
	case a != nil && a.DestructiveHint != nil && *a.DestructiveHint:
		return tools.Meta{Risk: tools.High}
	}
	return tools.Meta{Risk: tools.Medium}
}

// call runs one tool on the server under CallTimeout.
func (s *server) call(ctx context.Context, tool string, args json.RawMessage) (tools.Result, error) {
	cs := s.current()
	if cs == nil {
		return tools.Result{}, fmt.Errorf("MCP server %q is not connected right now, so %s cannot run; try again later", s.name, tool)
	}
	args = bytes.TrimSpace(args)
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	if args[0] != '{' || !json.Valid(args) {
		return tools.Result{}, fmt.Errorf("%s: the arguments must be a JSON object, not %s", tool, clip(string(args), 200))
	}
	timeout := s.m.opt.CallTimeout
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	res, err := cs.CallTool(cctx, &sdk.CallToolParams{Name: tool, Arguments: args})
	switch {
	case err == nil:
		return convert(res)
	case ctx.Err() != nil:
		return tools.Result{}, fmt.Errorf("%s on MCP server %q was cancelled: %w", tool, s.name, ctx.Err())
	case errors.Is(cctx.Err(), context.DeadlineExceeded):
		return tools.Result{}, fmt.Errorf("%s on MCP server %q timed out after %v without an answer", tool, s.name, timeout)
	}
	if werr := answered(err); werr != nil {
		return tools.Result{}, fmt.Errorf("%s on MCP server %q failed: %s", tool, s.name, werr.Message)
	}
	s.suspect()
	return tools.Result{}, fmt.Errorf("MCP server %q stopped while running %s (%v); kin is reconnecting, try again in a moment", s.name, tool, err)
}

// convert turns a call result into a kin result: text parts joined,
// images kept, other content described; an isError result becomes an
// error carrying the server's text.
func convert(res *sdk.CallToolResult) (tools.Result, error) {
	var out tools.Result
	var parts []string
	for _, c := range res.Content {
		switch c := c.(type) {
		case *sdk.TextContent:
			parts = append(parts, c.Text)
		case *sdk.ImageContent:
			out.Images = append(out.Images, llm.Image{MediaType: c.MIMEType, Data: c.Data})
		case *sdk.AudioContent:
			parts = append(parts, fmt.Sprintf("[audio (%s) not shown]", c.MIMEType))
		case *sdk.ResourceLink:
			parts = append(parts, fmt.Sprintf("[resource %s: %s]", c.URI, c.Name))
		case *sdk.EmbeddedResource:
			parts = append(parts, embedded(c.Resource))
		}
	}
	if len(parts) == 0 && res.StructuredContent != nil {
		if b, err := json.Marshal(res.StructuredContent); err == nil {
			parts = append(parts, string(b))
		}
	}
	out.Text = clip(strings.Join(parts, "\n"), maxOutput)
	if res.IsError {
		if out.Text == "" {
			out.Text = "the tool failed without saying why"
		}
		return tools.Result{}, errors.New(out.Text)
	}
	return out, nil
}

func embedded(r *sdk.ResourceContents) string {
	switch {
	case r == nil:
		return ""
	case r.Text != "":
		return r.Text
	}
	return fmt.Sprintf("[resource %s (%s, %d bytes) not shown]", r.URI, r.MIMEType, len(r.Blob))
}

// clip cuts s to at most n bytes on a rune boundary, with a note saying
// how much was left out.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("… [truncated: %d more bytes]", len(s)-cut)
}

func compactJSON(b json.RawMessage) string {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil || buf.Len() == 0 {
		return "{}"
	}
	return buf.String()
}
