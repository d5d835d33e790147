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
	file, rest := splitPositional(args)
	if err := fs.Parse(rest); err != nil {
		return 2
	}
	if file == "" && fs.NArg() > 0 {
		file = fs.Arg(0)
	}
	if file == "" {
		fmt.Fprintln(stderr, "usage: kin inspect FILE [--json]")
		return 2
	}
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

// splitPositional takes the first argument that is not a flag as the file,
// so flags may come before or after it.
func splitPositional(args []string) (string, []string) {
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			return a, append(append([]string{}, args[:i]...), args[i+1:]...)
		}
	}
	return "", args
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
