package main

import (
	"io"

	"github.com/kin-companion/kin/store/cli"
)

// cmdPermissions runs `kin permissions list|allow|revoke`; the global flags --data
// DIR and --agent-id ID may appear anywhere after "permissions".
func cmdPermissions(args []string, stdout, stderr io.Writer) int {
	return cli.Main("permissions", cli.Permissions, args, stdout, stderr)
}
