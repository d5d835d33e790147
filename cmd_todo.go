package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kin-companion/kin/agent/tools/todo"
	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/cli"
)

const todoUsage = `kin todo — the task list kin keeps for itself

  kin todo list [--json]        open tasks, then done ones (the todo_list tool's view)
  kin todo add TEXT             add a task
  kin todo done ID              mark task ID done

  Global flags: --data DIR (default $XDG_DATA_HOME/kin), --agent-id ID (default "default").
`

// cmdTodo runs `kin todo list [--json]|add TEXT|done ID`; the global flags
// --data DIR and --agent-id ID may appear anywhere after "todo".
func cmdTodo(args []string, stdout, stderr io.Writer) int {
	g, rest, err := cli.ParseGlobals(args)
	if err != nil {
		fmt.Fprintf(stderr, "kin todo: %v\n", err)
		return 2
	}
	if len(rest) == 0 || rest[0] == "help" || rest[0] == "-h" || rest[0] == "--help" {
		fmt.Fprint(stdout, todoUsage)
		if len(rest) == 0 {
			return 2
		}
		return 0
	}
	switch rest[0] {
	case "list", "add", "done":
	default:
		fmt.Fprintf(stderr, "kin todo: unknown command %q\n%s", rest[0], todoUsage)
		return 2
	}
	db, err := store.Open(store.Options{Dir: g.Data, AgentID: g.AgentID, GCInterval: -1})
	if err != nil {
		fmt.Fprintf(stderr, "kin todo: %v\n", err)
		if errors.Is(err, store.ErrAlreadyRunning) {
			fmt.Fprintln(stderr, "kin is running and holds its memory open; quit it first, or use another --data / --agent-id")
		}
		return 1
	}
	code := todoRun(db.Todos(), rest[0], rest[1:], stdout, stderr)
	if err := db.Close(); err != nil {
		fmt.Fprintf(stderr, "kin todo: %v\n", err)
		return 1
	}
	return code
}

// todoRun runs one subcommand on an open task list.
func todoRun(t *store.Todos, sub string, args []string, stdout, stderr io.Writer) int {
	switch sub {
	case "list":
		return todoList(t, args, stdout, stderr)
	case "add":
		if len(args) == 0 || strings.TrimSpace(strings.Join(args, " ")) == "" {
			fmt.Fprintln(stderr, "kin todo add: what is the task? e.g. kin todo add send Ann the photos")
			return 2
		}
		it, err := t.Add(strings.Join(args, " "))
		if err != nil {
			fmt.Fprintf(stderr, "kin todo add: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "added task %d: %s\n", it.ID, it.Text)
		return 0
	}
	return todoDone(t, args, stdout, stderr)
}

func todoList(t *store.Todos, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kin todo list", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		if err == nil {
			fmt.Fprintln(stderr, "kin todo list: takes no arguments besides --json")
		}
		return 2
	}
	all, err := t.List()
	if err != nil {
		fmt.Fprintf(stderr, "kin todo list: %v\n", err)
		return 1
	}
	if *asJSON {
		if all == nil {
			all = []store.Todo{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(all); err != nil {
			fmt.Fprintf(stderr, "kin todo list: %v\n", err)
			return 1
		}
		return 0
	}
	items := make([]todo.Item, len(all))
	for i, it := range all {
		items[i] = todo.Item(it)
	}
	fmt.Fprintln(stdout, todo.FormatList(items, "all", len(items)+1))
	return 0
}

func todoDone(t *store.Todos, args []string, stdout, stderr io.Writer) int {
	id, err := 0, error(nil)
	if len(args) == 1 {
		id, err = strconv.Atoi(args[0])
	}
	if len(args) != 1 || err != nil || id < 1 {
		fmt.Fprintln(stderr, "kin todo done: needs one task number (see kin todo list)")
		return 2
	}
	it, already, err := t.Complete(id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		fmt.Fprintf(stderr, "kin todo done: there is no task %d (see kin todo list)\n", id)
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "kin todo done: %v\n", err)
		return 1
	case already:
		fmt.Fprintf(stdout, "task %d was already done: %s\n", id, it.Text)
		return 0
	}
	fmt.Fprintf(stdout, "done: task %d, %s\n", id, it.Text)
	return 0
}
