package main

import (
	"io"

	"github.com/kin-companion/kin/agent/tools/catalog"
	"github.com/kin-companion/kin/store/cli"
)

// cmdPermissions runs `kin permissions list|allow|revoke`; the global flags --data
// DIR and --agent-id ID may appear anywhere after "permissions". allow takes the
// tools kin builds in, its skills (installed ones included) and MCP tools
// (mcp__SERVER__TOOL, whose servers need not be running), and refuses other names.
func cmdPermissions(args []string, stdout, stderr io.Writer) int {
	tools := cli.ToolCheck{Names: catalog.Names, Runtime: catalog.IsMCP}
	return cli.Main("permissions", cli.Permissions(tools), args, stdout, stderr)
}
