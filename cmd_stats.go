package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/cli"
)

const statsUsage = `kin stats — what kin's conversations cost: turns, model calls, tokens, tool calls

  kin stats [--json] [--sessions N]   the total, then the N latest sessions (default 5)

  Global flags: --data DIR (default $XDG_DATA_HOME/kin), --agent-id ID (default "default").
`

// statsReport is what kin stats --json prints.
type statsReport struct {
	Total    store.RunStats  `json:"total"`
	Sessions []store.Session `json:"sessions"`
}

// cmdStats runs `kin stats [--json] [--sessions N]`; the global flags
// --data DIR and --agent-id ID may appear anywhere after "stats".
func cmdStats(args []string, stdout, stderr io.Writer) int {
	g, rest, err := cli.ParseGlobals(args)
	if err != nil {
		fmt.Fprintf(stderr, "kin stats: %v\n", err)
		return 2
	}
	fs := flag.NewFlagSet("kin stats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, statsUsage) }
	asJSON := fs.Bool("json", false, "print JSON")
	n := fs.Int("sessions", 5, "how many recent sessions to show")
	if err := fs.Parse(rest); err != nil || fs.NArg() > 0 || *n < 0 {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		if err == nil {
			fmt.Fprintf(stderr, "kin stats: takes only --json and --sessions N (0 or more)\n%s", statsUsage)
		}
		return 2
	}
	rep, err := readStats(g, *n)
	if err != nil {
		fmt.Fprintf(stderr, "kin stats: %v\n", err)
		if errors.Is(err, store.ErrAlreadyRunning) {
			fmt.Fprintln(stderr, "kin is running and holds its memory open; quit it first, or use another --data / --agent-id")
		}
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "kin stats: %v\n", err)
			return 1
		}
		return 0
	}
	printStats(stdout, rep)
	return 0
}

// readStats opens the store just long enough to read the counts.
func readStats(g cli.Globals, n int) (rep statsReport, err error) {
	db, err := store.Open(store.Options{Dir: g.Data, AgentID: g.AgentID, GCInterval: -1})
	if err != nil {
		return rep, err
	}
	defer func() { err = errors.Join(err, db.Close()) }()
	if rep.Total, err = db.Stats().Total(); err != nil {
		return rep, err
	}
	all, err := db.Stats().Sessions()
	rep.Sessions = all[:min(n, len(all))]
	if rep.Sessions == nil {
		rep.Sessions = []store.Session{}
	}
	return rep, err
}

// printStats writes the report for people.
func printStats(w io.Writer, rep statsReport) {
	if rep.Total.Turns == 0 && rep.Total.Rounds == 0 {
		fmt.Fprintln(w, "no conversations counted yet")
		return
	}
	fmt.Fprintf(w, "total: %s\n", statsLine(rep.Total))
	if len(rep.Sessions) > 0 {
		fmt.Fprintln(w, "latest sessions:")
	}
	for _, s := range rep.Sessions {
		fmt.Fprintf(w, "  %s  %s\n", s.Started.Local().Format("2006-01-02 15:04"), statsLine(s.RunStats))
	}
}

// statsLine is one line of counts, tools by most calls.
func statsLine(s store.RunStats) string {
	line := fmt.Sprintf("%s, %s, %d tokens in, %d out", statsPlural(s.Turns, "turn"), statsPlural(s.Rounds, "model call"),
		s.InputTokens, s.OutputTokens)
	if len(s.ToolCalls) == 0 {
		return line
	}
	names := slices.SortedFunc(maps.Keys(s.ToolCalls), func(a, b string) int {
		if d := s.ToolCalls[b] - s.ToolCalls[a]; d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%s %d", name, s.ToolCalls[name])
	}
	return line + "; tools: " + strings.Join(parts, ", ")
}

func statsPlural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
