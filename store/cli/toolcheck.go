package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kin-companion/kin/store"
)

// ToolCheck tells `kin permissions allow` which tool names exist, so that a typo is
// refused rather than granted. main fills it from agent/tools/catalog: store is a
// leaf and cannot see the agent's tools. The zero ToolCheck accepts every name.
type ToolCheck struct {
	// Names lists the tools kin has; dataDir is the kin data directory, whose
	// installed skills add tools.
	Names func(dataDir string) []string
	// Runtime reports names of tools that exist only while kin runs, such as an
	// MCP server's (mcp__SERVER__TOOL): the server need not be running to allow one.
	Runtime func(name string) bool
}

// check returns nil when tool is known, exists only at run time or is already
// granted (a skill from a character's manifest that "always" allowed in a chat);
// else an error naming the closest known tool, or all of them.
func (c ToolCheck) check(p *store.Permissions, dataDir, tool string) error {
	if c.Names == nil {
		return nil
	}
	names := c.Names(dataDir)
	if slices.Contains(names, tool) || c.Runtime != nil && c.Runtime(tool) {
		return nil
	}
	if grants, err := p.List(); err == nil && slices.ContainsFunc(grants, func(g store.Grant) bool { return g.Tool == tool }) {
		return nil
	}
	if best := closest(tool, names); best != "" {
		return fmt.Errorf("kin has no tool %q; did you mean %s?", tool, best)
	}
	return fmt.Errorf("kin has no tool %q; its tools are:\n%s\n(MCP tools are named mcp__SERVER__TOOL)", tool, wrap(names, 90))
}

// closest returns the name nearest to s — ignoring case and "-" against "_" — when
// it is near enough to be a typo of it, else "".
func closest(s string, names []string) string {
	norm := func(x string) string { return strings.ReplaceAll(strings.ToLower(x), "-", "_") }
	best, bestD := "", len(s)/3+1
	for _, n := range names {
		if d := distance(norm(s), norm(n)); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// wrap joins names with ", " into indented lines of at most width bytes.
func wrap(names []string, width int) string {
	var b strings.Builder
	line := 0
	for i, n := range names {
		switch {
		case i == 0:
			b.WriteString("  ")
			line = 2
		case line+len(n)+2 > width:
			b.WriteString(",\n  ")
			line = 2
		default:
			b.WriteString(", ")
			line += 2
		}
		b.WriteString(n)
		line += len(n)
	}
	return b.String()
}
