package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/memory"
)

// Memory runs `kin memory list|search|add|forget|export|import` on db.
func Memory(db *store.DB, args []string, stdout, stderr io.Writer) int {
	sub, args := args[0], args[1:]
	m := db.Memories()
	switch sub {
	case "list", "search":
		return memoryQuery(m, sub, args, stdout, stderr)
	case "add":
		return memoryAdd(m, args, stdout, stderr)
	case "forget", "export", "import":
		if len(args) != 1 {
			fmt.Fprintf(stderr, "kin memory %s: want one argument\n", sub)
			return 2
		}
		return memoryFile(m, sub, args[0], stdout, stderr)
	}
	fmt.Fprintf(stderr, "kin memory: unknown command %q\n%s", sub, usage["memory"])
	return 2
}

func memoryQuery(m *store.Memories, sub string, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("kin memory "+sub, stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parse(fs, args)
	if err != nil {
		return 2
	}
	q := memory.Query{Text: strings.Join(pos, " ")}
	if sub == "search" && strings.TrimSpace(q.Text) == "" {
		fmt.Fprintln(stderr, "kin memory search: what should I look for?")
		return 2
	}
	if sub == "list" && len(pos) > 0 {
		fmt.Fprintln(stderr, "kin memory list: takes no arguments (did you mean search?)")
		return 2
	}
	results := m.Query(q)
	if *asJSON {
		if results == nil {
			results = []memory.Scored{}
		}
		return writeJSON(stdout, stderr, results)
	}
	if len(results) == 0 {
		fmt.Fprintln(stdout, "no memories")
	}
	for _, r := range results {
		fmt.Fprintf(stdout, "%-9s %s  (%.2f)  %s", r.Type, r.Key, r.Score, r.Name)
		if r.Description != "" {
			fmt.Fprintf(stdout, " — %s", r.Description)
		}
		fmt.Fprintf(stdout, "\n    %s\n", strings.ReplaceAll(strings.TrimRight(r.Content, "\n"), "\n", "\n    "))
	}
	return 0
}

func memoryAdd(m *store.Memories, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("kin memory add", stderr)
	typ := fs.String("type", "", "user, feedback, project or reference")
	key := fs.String("key", "", "short snake_case identifier")
	name := fs.String("name", "", "human-readable name")
	desc := fs.String("description", "", "one-line description")
	tags := fs.String("tags", "", "comma-separated tags")
	sal := fs.Float64("salience", 0, "0-1 (default 0.5)")
	pos, err := parse(fs, args)
	if err != nil {
		return 2
	}
	var missing []string
	for _, f := range []struct{ flag, v string }{{"--type", *typ}, {"--key", *key}, {"--name", *name}, {"--description", *desc}} {
		if f.v == "" {
			missing = append(missing, f.flag)
		}
	}
	if len(pos) == 0 {
		missing = append(missing, "CONTENT")
	}
	if len(missing) > 0 {
		fmt.Fprintf(stderr, "kin memory add: missing %s\n", strings.Join(missing, ", "))
		return 2
	}
	r := memory.Remember{Key: *key, Name: *name, Description: *desc, Type: memory.Type(*typ),
		Body: strings.Join(pos, " "), Salience: *sal}
	if *tags != "" {
		r.Tags = strings.Split(*tags, ",")
	}
	e, err := m.Remember(r)
	if err != nil {
		fmt.Fprintf(stderr, "kin memory add: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "remembered %s\n", e.Key)
	return 0
}

func memoryFile(m *store.Memories, sub, arg string, stdout, stderr io.Writer) int {
	var err error
	switch sub {
	case "forget":
		if err = m.Forget(arg); err == nil {
			fmt.Fprintf(stdout, "forgot %s\n", memory.NormalizeKey(arg))
		}
	case "export":
		var names []string
		if names, err = m.Export(arg); err == nil {
			fmt.Fprintf(stdout, "exported %d memories to %s\n", len(names), arg)
		}
	case "import":
		var n int
		if n, err = m.Import(arg); err == nil {
			fmt.Fprintf(stdout, "imported %d memories from %s\n", n, arg)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "kin memory %s: %v\n", sub, err)
		return 1
	}
	return 0
}

func writeJSON(stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(stderr, "kin: %v\n", err)
		return 1
	}
	return 0
}
