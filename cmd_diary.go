package main

import (
	"io"

	"github.com/kin-companion/kin/store/cli"
)

// cmdDiary runs `kin diary show [--json]|verify`; the global flags --data DIR and
// --agent-id ID may appear anywhere after "diary".
func cmdDiary(args []string, stdout, stderr io.Writer) int {
	return cli.Main("diary", cli.Diary, args, stdout, stderr)
}
