package mcp

import (
	"fmt"
	"hash/fnv"
	"strings"
)

// maxToolName is the longest tool name the model providers accept.
const maxToolName = 64

// Sanitize returns name with every character outside [a-zA-Z0-9_-]
// replaced by '_', so it can be part of a tool name ("" becomes "_").
func Sanitize(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "_"
	}
	return b.String()
}

// ToolName returns the kin name of a server's tool: mcp__SERVER__TOOL, both
// parts sanitised. A name longer than the providers allow is shortened
// and ends in a hash of the full name, so it stays unique.
func ToolName(server, tool string) string {
	n := "mcp__" + Sanitize(server) + "__" + Sanitize(tool)
	if len(n) <= maxToolName {
		return n
	}
	h := fnv.New32a()
	h.Write([]byte(n))
	suffix := fmt.Sprintf("_%08x", h.Sum32())
	return n[:maxToolName-len(suffix)] + suffix
}

// uniqueNames maps each configured server name to a sanitised name that no
// other server shares ("my.srv" and "my_srv" become my_srv and my_srv_2).
func uniqueNames(names []string) map[string]string {
	out := make(map[string]string, len(names))
	taken := map[string]bool{}
	for _, n := range names {
		s := Sanitize(n)
		base := s
		for i := 2; taken[s]; i++ {
			s = fmt.Sprintf("%s_%d", base, i)
		}
		taken[s] = true
		out[n] = s
	}
	return out
}
