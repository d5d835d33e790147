// Command kin is a desktop companion: a 3D character from any GLB or VRM
// file that lives on your desktop, talks, feels, remembers and acts.
//
// Usage:
//
//	kin [--model PATH]           open the window with a character
//	kin inspect FILE [--json]    summarise a model file
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run dispatches a subcommand and returns the process exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "inspect":
			return cmdInspect(args[1:], stdout, stderr)
		case "simulate":
			return cmdSimulate(args[1:], stdout, stderr)
		case "shot":
			return cmdShot(args[1:], stdout, stderr)
		case "help", "-h", "--help":
			fmt.Fprint(stdout, usage)
			return 0
		}
	}
	return cmdWindow(args, stdout, stderr)
}

const usage = `kin — a desktop companion with a 3D character

  kin [--model PATH]            open kin with a character (GLB, glTF or VRM)
  kin inspect FILE [--json]     summarise a model: counts, bones, expressions, warnings
  kin simulate [--model M] --events E.jsonl --seconds T [--fps 60] [--json]
                                run the character with no window and print its final state
  kin help                      this text
`
