package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/kin-companion/kin/avatar"
)

// cmdInspect implements `kin inspect FILE [--json]`.
func cmdInspect(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("inspect", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "usage: kin inspect FILE [--json]")
		return 2
	}
	file := pos[0]
	m, err := avatar.Load(file)
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	s := m.Summarize()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(s); err != nil {
			fmt.Fprintln(stderr, "kin:", err)
			return 1
		}
		return 0
	}
	printSummary(stdout, file, s)
	return 0
}

func printSummary(w io.Writer, file string, s avatar.Summary) {
	fmt.Fprintf(w, "%s (%s)\n", file, s.Format)
	fmt.Fprintf(w, "  %d nodes, %d meshes, %d primitives, %d vertices, %d triangles\n",
		s.Nodes, s.Meshes, s.Primitives, s.Vertices, s.Triangles)
	fmt.Fprintf(w, "  %d materials, %d textures, %d skins (largest: %d joints)\n",
		s.Materials, s.Textures, s.Skins, s.Joints)
	fmt.Fprintf(w, "  morph targets (%d): %s\n", len(s.MorphTargets), list(s.MorphTargets))
	for _, a := range s.Animations {
		fmt.Fprintf(w, "  animation %q: %.2fs, %d channels\n", a.Name, a.Duration, a.Channels)
	}
	bones := make([]string, 0, len(s.Humanoid))
	for b, n := range s.Humanoid {
		bones = append(bones, b+"="+n)
	}
	sort.Strings(bones)
	fmt.Fprintf(w, "  humanoid bones (%d): %s\n", len(bones), list(bones))
	fmt.Fprintf(w, "  expressions (%d): %s\n", len(s.Expressions), list(s.Expressions))
	for _, warn := range s.Warnings {
		fmt.Fprintf(w, "  warning: %s\n", warn)
	}
}

func list(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ", ")
}

// parseArgs parses flags that may come before, between or after the
// positional arguments, which it returns in order.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
