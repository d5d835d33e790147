package main

import (
	"io"

	"github.com/kin-companion/kin/store/cli"
)

// cmdMemory runs `kin memory list|search|add|forget|export|import`; the global flags
// --data DIR and --agent-id ID may appear anywhere after "memory".
func cmdMemory(args []string, stdout, stderr io.Writer) int {
	return cli.Main("memory", cli.Memory, args, stdout, stderr)
}
