package skill

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/mcp"
	"github.com/kin-companion/kin/agent/tools"
)

// maxInstruction caps a bundle's instruction where the model reads it.
const maxInstruction = 16 << 10

// FromBundle makes the skill a bundle describes: instruction-only, an MCP
// tool (medium risk) or a program (high risk: the gate asks first).
func FromBundle(b *Bundle, cfg Config) (*Skill, error) {
	sk := &Skill{Name: b.Name, Description: b.Description, Instruction: b.Instruction, AnimationHint: b.AnimationHint,
		VoicePattern: b.VoicePattern, MCPExposed: b.MCPExposed, InputSchema: b.InputSchema, Version: b.Version,
		Dependencies: b.Dependencies, Source: b.URI}
	switch b.Handler.Kind() {
	case "mcp":
		server, tool, _ := strings.Cut(b.Handler.MCP, "/")
		sk.Meta = tools.Meta{Risk: tools.Medium}
		sk.Handler = mcpHandler(b.Name, server, tool, cfg.CallTool)
		sk.Assess = func(json.RawMessage) tools.Assessment {
			return tools.Assessment{Summary: fmt.Sprintf("use the tool %s of the MCP server %s (skill %s)", tool, server, b.Name)}
		}
	case "program":
		sk.Meta, sk.Handler, sk.Assess = programSkill(b)
	default:
		sk.Meta = tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low}
		text := instructionText(b)
		sk.Handler = func(context.Context, json.RawMessage) (Result, error) {
			return Result{Success: true, Output: text}, nil
		}
		return sk, nil
	}
	if b.Instruction != "" {
		sk.Description += "\n\n" + capText(b.Instruction, 4<<10)
	}
	return sk, nil
}

// instructionText is what an instruction-only skill hands the model.
func instructionText(b *Bundle) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Skill %s", b.Name)
	if b.Version != "" {
		fmt.Fprintf(&sb, " (version %s)", b.Version)
	}
	fmt.Fprintf(&sb, ": follow these instructions with your tools. The skill's files are in %s.\n\n", b.Dir)
	sb.WriteString(capText(b.Instruction, maxInstruction))
	return sb.String()
}

// mcpHandler calls the registry tool mcp__SERVER__TOOL.
func mcpHandler(skill, server, tool string, call func(context.Context, string, json.RawMessage) (tools.Result, error)) Handler {
	name := mcp.ToolName(server, tool)
	return func(ctx context.Context, args json.RawMessage) (Result, error) {
		if call == nil {
			return Result{}, fmt.Errorf("%s uses the tool %s of the MCP server %s, but kin was started without MCP servers", skill, tool, server)
		}
		r, err := call(ctx, name, args)
		if err != nil {
			return Result{}, fmt.Errorf("%s: the MCP tool %s/%s failed: %w", skill, server, tool, err)
		}
		return Result{Success: true, Output: r.Text, Sentiment: r.Sentiment, Data: r.Data}, nil
	}
}

// programSkill is the meta, handler and assessment of a program bundle.
func programSkill(b *Bundle) (tools.Meta, Handler, func(json.RawMessage) tools.Assessment) {
	p := program{skill: b.Name, path: b.Program(), dir: b.Dir, timeout: timeoutOr(b.Timeout, DefaultRunTimeout)}
	meta := tools.Meta{Risk: tools.High, TimeoutFloor: p.timeout + 2*time.Second}
	assess := func(json.RawMessage) tools.Assessment {
		return tools.Assessment{Risk: tools.High, Scope: p.path,
			Summary: fmt.Sprintf("run the program %s of the skill %s (from %s)", b.Handler.Run, b.Name, b.URI)}
	}
	return meta, p.run, assess
}
