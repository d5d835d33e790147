package attach

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/tools"
)

// Runtime is the part of a running companion [ForRuntime] serves: its
// turn (the companion's Send, which shows the turn on screen too), its
// registry and its gated call (runtime.Runtime.Call); its schedule and
// its MCP server when it has them.
type Runtime struct {
	Send     func(ctx context.Context, text string) <-chan runtime.Delta
	Registry *tools.Registry
	Call     func(ctx context.Context, caller, name string, args json.RawMessage) (tools.Result, error)
	// Schedule is the running kin's schedule; nil when reminders are off.
	Schedule Tasks
	// MCP serves the running kin's MCP server on one stdio session; nil
	// when it has none.
	MCP func(ctx context.Context, in io.Reader, out io.Writer) error
}

// ForRuntime returns the Handler of a running companion.
func ForRuntime(rt Runtime) Handler { return runtimeHandler{rt} }

type runtimeHandler struct{ rt Runtime }

func (h runtimeHandler) Chat(ctx context.Context, text string, emit func(Event)) (string, error) {
	var final string
	var err error
	for d := range h.rt.Send(ctx, text) {
		switch d.Kind {
		case runtime.Text:
			emit(Event{Kind: KindText, Text: d.Text})
		case runtime.ToolStart:
			emit(Event{Kind: KindToolStart, Tool: d.Tool, Text: d.Text})
		case runtime.ToolDone:
			e := Event{Kind: KindToolDone, Tool: d.Tool, Text: d.Text}
			if d.Err != nil {
				e.Error = d.Err.Error()
			}
			emit(e)
		case runtime.Note:
			emit(Event{Kind: KindNote, Text: d.Text})
		case runtime.Final:
			final = d.Text
		case runtime.Failed:
			err = d.Err
		}
	}
	return final, err
}

func (h runtimeHandler) Tools(context.Context) ([]ToolInfo, error) {
	all := h.rt.Registry.All()
	out := make([]ToolInfo, 0, len(all))
	for _, t := range all {
		out = append(out, ToolInfo{Name: t.Name, Description: strings.TrimSpace(t.Description), Schema: t.Schema})
	}
	return out, nil
}

func (h runtimeHandler) Call(ctx context.Context, caller, tool string, args json.RawMessage) (Result, error) {
	res, err := h.rt.Call(ctx, caller, tool, args)
	if err != nil {
		return Result{}, err
	}
	out := Result{Text: res.Text}
	for _, im := range res.Images {
		out.Images = append(out.Images, Image{MediaType: im.MediaType, Data: im.Data})
	}
	return out, nil
}

// Tasks implements [TaskKeeper].
func (h runtimeHandler) Tasks() Tasks { return h.rt.Schedule }

// ServeMCP implements [MCPServer].
func (h runtimeHandler) ServeMCP(ctx context.Context, in io.Reader, out io.Writer) error {
	if h.rt.MCP == nil {
		return errors.New("attach: the running kin serves no MCP")
	}
	return h.rt.MCP(ctx, in, out)
}
