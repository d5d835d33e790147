package catalog

import (
	"context"
	"slices"
	"strings"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/perceive"
	"github.com/kin-companion/kin/agent/schedule"
	"github.com/kin-companion/kin/agent/skill"
	"github.com/kin-companion/kin/agent/subagent"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/board"
	"github.com/kin-companion/kin/agent/tools/data"
	"github.com/kin-companion/kin/agent/tools/desktop"
	"github.com/kin-companion/kin/agent/tools/fs"
	"github.com/kin-companion/kin/agent/tools/memtools"
	"github.com/kin-companion/kin/agent/tools/system"
	"github.com/kin-companion/kin/agent/tools/todo"
	"github.com/kin-companion/kin/agent/tools/toolsearch"
	"github.com/kin-companion/kin/agent/tools/web"
)

// companionTools are the tools internal/companion builds itself (sign.go), which
// agent cannot import.
var companionTools = []string{"sign-action"}

// MCPPrefix starts the name of every MCP tool: mcp__SERVER__TOOL.
const MCPPrefix = "mcp__"

// IsMCP reports whether name has the form of an MCP tool, mcp__SERVER__TOOL with
// both parts non-empty.
func IsMCP(name string) bool {
	rest, ok := strings.CutPrefix(name, MCPPrefix)
	if !ok {
		return false
	}
	server, tool, ok := strings.Cut(rest, "__")
	return ok && server != "" && tool != ""
}

// Names returns, sorted, the name of every built-in tool and skill, plus the skill
// bundles installed under dataDir ("" leaves those out). The tools are built with
// do-nothing dependencies only to read their names; nothing is opened or started.
func Names(dataDir string) []string {
	var ts []*tools.Tool
	ts = append(ts, tools.Builtins(tools.Deps{Memory: &memory.Mem{}}, nil)...)
	ts = append(ts, tools.AskUser(nil), tools.ChangeVoice(nil))
	ts = append(ts, data.Tools(data.Config{})...)
	ts = append(ts, memtools.Tools(memtools.Config{Store: &memory.Mem{}})...)
	ts = append(ts, todo.Tools(todo.Config{Todos: &todo.Mem{}, Scratch: &todo.Mem{}})...)
	ts = append(ts, fs.Tools(fs.Config{})...)
	ts = append(ts, system.Tools(system.Config{DefaultDir: "/"})...)
	screen := desktop.New(desktop.Config{}).Tools()
	ts = append(ts, screen...)
	ts = append(ts, perceive.Tools(perceive.Config{Screenshot: perceive.ScreenshotTool(screen), Vision: blind{}})...)
	ts = append(ts, web.Tools(web.Config{})...)
	ts = append(ts, board.Tools(board.Config{})...)
	ts = append(ts, schedule.Tools(nil)...)
	ts = append(ts, (&subagent.Manager{}).Tools()...)
	names := append([]string{toolsearch.Name}, companionTools...)
	for _, t := range ts {
		names = append(names, t.Name)
	}
	for _, s := range skill.Catalog() {
		names = append(names, s.Name)
	}
	if dataDir != "" {
		bundles, _ := skill.Installed(dataDir) // a broken bundle does not load, so its name is not a tool
		for _, b := range bundles {
			names = append(names, b.Name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// blind is a vision model that is never asked: observe_screen is only listed.
type blind struct{}

func (blind) Describe(context.Context, llm.Image, string, string) (string, error) { return "", nil }
