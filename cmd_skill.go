package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kin-companion/kin/agent/skill"
	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/cli"
)

const skillUsage = `kin skill — what kin can do beyond its built-in skills

  kin skill list [--json]            the built-in skills and the installed bundles
  kin skill add PATH|URL             install a skill bundle: a folder with SKILL.md,
                                     a .tar.gz or .zip file, or an https:// archive
  kin skill remove NAME              uninstall a skill
  kin skill info NAME [--json]       what a skill does, where it is, what it needs

  Installed skills live in DATA/skills/NAME. A skill whose handler runs a program
  asks before each run. Global flag: --data DIR (default $XDG_DATA_HOME/kin).
`

// cmdSkill runs `kin skill list|add|remove|info`; --data DIR may appear
// anywhere after "skill".
func cmdSkill(args []string, stdout, stderr io.Writer) int {
	g, rest, err := cli.ParseGlobals(args)
	if err != nil {
		fmt.Fprintf(stderr, "kin skill: %v\n", err)
		return 2
	}
	if len(rest) == 0 || rest[0] == "help" || rest[0] == "-h" || rest[0] == "--help" {
		fmt.Fprint(stdout, skillUsage)
		if len(rest) == 0 {
			return 2
		}
		return 0
	}
	data := g.Data
	if data == "" {
		if data, err = store.DefaultDataDir(); err != nil {
			fmt.Fprintf(stderr, "kin skill: %v\n", err)
			return 1
		}
	}
	cmds := map[string]func(string, []string, io.Writer, io.Writer) int{
		"list": skillList, "add": skillAdd, "remove": skillRemove, "info": skillInfo}
	cmd, ok := cmds[rest[0]]
	if !ok {
		fmt.Fprintf(stderr, "kin skill: unknown command %q\n%s", rest[0], skillUsage)
		return 2
	}
	return cmd(data, rest[1:], stdout, stderr)
}

// skillFlags parses --json among positional arguments and checks their number.
func skillFlags(name string, args []string, want int, stderr io.Writer) (asJSON bool, pos []string, ok bool) {
	fs := flag.NewFlagSet("kin skill "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.BoolVar(&asJSON, "json", false, "print JSON")
	for {
		if err := fs.Parse(args); err != nil {
			return false, nil, false
		}
		if fs.NArg() == 0 {
			break
		}
		pos, args = append(pos, fs.Arg(0)), fs.Args()[1:]
	}
	if len(pos) != want {
		fmt.Fprintf(stderr, "kin skill %s: expected %d argument(s), got %d\n%s", name, want, len(pos), skillUsage)
		return false, nil, false
	}
	return asJSON, pos, true
}

// skillEntry is one skill as list and info print it.
type skillEntry struct {
	Name         string   `json:"name"`
	Version      string   `json:"version,omitempty"`
	Description  string   `json:"description"`
	Source       string   `json:"source"` // "built-in" or the folder
	Handler      string   `json:"handler"`
	Author       string   `json:"author,omitempty"`
	Dependencies []string `json:"dependencies,omitempty"`
	VoicePattern string   `json:"voicePattern,omitempty"`
	MCPExposed   bool     `json:"mcpExposed,omitempty"`
}

func bundleEntry(b *skill.Bundle) skillEntry {
	e := skillEntry{Name: b.Name, Version: b.Version, Description: b.Description, Source: b.Dir, Handler: b.Handler.Kind(),
		Author: b.Author, VoicePattern: b.VoicePattern, MCPExposed: b.MCPExposed}
	switch {
	case b.Handler.MCP != "":
		e.Handler += " " + b.Handler.MCP
	case b.Handler.Run != "":
		e.Handler += " " + b.Handler.Run + " (asks before running)"
	}
	for _, d := range b.Dependencies {
		e.Dependencies = append(e.Dependencies, d.String())
	}
	return e
}

func builtinEntry(s *skill.Skill) skillEntry {
	return skillEntry{Name: s.Name, Version: s.Version, Description: s.Description, Source: "built-in", Handler: "built-in",
		VoicePattern: s.VoicePattern, MCPExposed: s.MCPExposed}
}

func skillList(data string, args []string, stdout, stderr io.Writer) int {
	asJSON, _, ok := skillFlags("list", args, 0, stderr)
	if !ok {
		return 2
	}
	var entries []skillEntry
	for _, s := range skill.Catalog() {
		entries = append(entries, builtinEntry(s))
	}
	bundles, problems := skill.Installed(data)
	for _, b := range bundles {
		entries = append(entries, bundleEntry(b))
	}
	for _, p := range problems {
		fmt.Fprintf(stderr, "kin skill: %v\n", p)
	}
	if asJSON {
		return skillJSON(stdout, stderr, entries)
	}
	for _, e := range entries {
		where := "built in"
		if e.Source != "built-in" {
			where = "installed, " + e.Handler
		}
		fmt.Fprintf(stdout, "%-16s %-8s %s (%s)\n", e.Name, e.Version, skillFirstLine(e.Description), where)
	}
	return 0
}

func skillAdd(data string, args []string, stdout, stderr io.Writer) int {
	_, pos, ok := skillFlags("add", args, 1, stderr)
	if !ok {
		return 2
	}
	b, err := skill.Install(context.Background(), skill.Config{DataDir: data}, pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "kin skill add: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "installed %s %s in %s\n", b.Name, b.Version, b.Dir)
	if b.Handler.Run != "" {
		fmt.Fprintf(stdout, "it runs the program %s; kin asks you before each run\n", b.Handler.Run)
	}
	return 0
}

func skillRemove(data string, args []string, stdout, stderr io.Writer) int {
	_, pos, ok := skillFlags("remove", args, 1, stderr)
	if !ok {
		return 2
	}
	if err := skill.Remove(data, pos[0]); err != nil {
		fmt.Fprintf(stderr, "kin skill remove: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "removed %s\n", pos[0])
	return 0
}

func skillInfo(data string, args []string, stdout, stderr io.Writer) int {
	asJSON, pos, ok := skillFlags("info", args, 1, stderr)
	if !ok {
		return 2
	}
	e, err := findSkill(data, pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "kin skill info: %v\n", err)
		return 1
	}
	if asJSON {
		return skillJSON(stdout, stderr, e)
	}
	fmt.Fprintf(stdout, "%s %s\n  %s\n", e.Name, e.Version, strings.ReplaceAll(strings.TrimSpace(e.Description), "\n", "\n  "))
	rows := [][2]string{{"from", e.Source}, {"handler", e.Handler}, {"author", e.Author},
		{"dependencies", strings.Join(e.Dependencies, ", ")}, {"voice", e.VoicePattern}}
	if e.MCPExposed {
		rows = append(rows, [2]string{"mcp", "offered to MCP clients"})
	}
	for _, r := range rows {
		if r[1] != "" {
			fmt.Fprintf(stdout, "  %-13s %s\n", r[0]+":", r[1])
		}
	}
	return 0
}

// findSkill finds an installed skill, then a built-in one.
func findSkill(data, name string) (skillEntry, error) {
	b, err := skill.Info(data, name)
	if err == nil {
		return bundleEntry(b), nil
	}
	if errors.Is(err, skill.ErrNotInstalled) {
		for _, s := range skill.Catalog() {
			if s.Name == name {
				return builtinEntry(s), nil
			}
		}
	}
	return skillEntry{}, err
}

func skillJSON(stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(stderr, "kin skill: %v\n", err)
		return 1
	}
	return 0
}

func skillFirstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
