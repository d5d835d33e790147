package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/kin-companion/kin/avatar/doctor"
)

// cmdDoctor implements `kin doctor FILE [--json]`: what kin found in a
// model and what to fix. The exit status is the report's: 0 usable, 1
// loads but something would look wrong, 2 cannot be loaded (or bad usage).
func cmdDoctor(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "usage: kin doctor FILE [--json]")
		return 2
	}
	r := doctor.Examine(pos[0])
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(r)
	} else {
		err = r.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "kin: doctor: cannot write the report:", err)
		return 2
	}
	return r.ExitCode()
}
