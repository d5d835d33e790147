package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/kin-companion/kin/agent/schedule"
	"github.com/kin-companion/kin/internal/attach"
	"github.com/kin-companion/kin/internal/companion"
	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/cli"
)

const scheduleUsage = `kin schedule — reminders and tasks for later

  kin schedule list [--json]               the scheduled tasks, soonest first
  kin schedule add (--message TEXT | --prompt TEXT) [--at TIME | --in DELAY] [--repeat RULE] [--json]
                                           say TEXT, or run TEXT through kin, when due
  kin schedule cancel ID                   cancel a task (a repeating one stops)

  TIME is RFC 3339 (2026-03-02T09:00:00+01:00) or local (2026-03-02 09:00); DELAY is 10m, 2h, 1h30m.
  RULE: daily, weekdays, daily at 09:00, every 15 minutes, every 2 hours, or a cron line
  such as "0 9 * * 1-5", in local time. Tasks due while kin is not running happen at its next start.
  While kin runs on the same data, these commands go through it (and it fires what is added).
  Global flags: --data DIR (default $XDG_DATA_HOME/kin), --agent-id ID (default "default").
`

// taskBook is a schedule `kin schedule` works on: the store's, or the
// running kin's (attach.RemoteTasks) while kin runs.
type taskBook interface {
	List() ([]schedule.Task, error)
	Add(schedule.Spec) (schedule.Task, error)
	Cancel(id string) (schedule.Task, error)
}

// localBook is the schedule of a store no kin is running on.
type localBook struct{ *schedule.Scheduler }

func (b localBook) List() ([]schedule.Task, error) { return b.Scheduler.List(), nil }

// scheduleAction is one `kin schedule` command, ready to run on a schedule.
type scheduleAction func(s taskBook, stdout, stderr io.Writer) int

// cmdSchedule runs `kin schedule list [--json] | add ... | cancel ID`; the
// global flags --data DIR and --agent-id ID may appear anywhere after "schedule".
func cmdSchedule(args []string, stdout, stderr io.Writer) int {
	g, rest, err := cli.ParseGlobals(args)
	if err != nil {
		fmt.Fprintf(stderr, "kin schedule: %v\n", err)
		return 2
	}
	if len(rest) == 0 || rest[0] == "help" || rest[0] == "-h" || rest[0] == "--help" {
		fmt.Fprint(stdout, scheduleUsage)
		if len(rest) == 0 {
			return 2
		}
		return 0
	}
	act, err := parseScheduleCommand(rest[0], rest[1:], stderr)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "kin schedule %s: %v\n", rest[0], err)
		}
		return 2
	}
	return withScheduler(g, act, stdout, stderr)
}

// parseScheduleCommand reads a command's flags before the store is opened.
func parseScheduleCommand(sub string, args []string, stderr io.Writer) (scheduleAction, error) {
	fs := flag.NewFlagSet("kin schedule "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	switch sub {
	case "list":
		pos, err := scheduleParseFlags(fs, args)
		if err == nil && len(pos) > 0 {
			err = fmt.Errorf("takes no arguments, got %q", pos)
		}
		return func(s taskBook, stdout, stderr io.Writer) int { return scheduleList(s, *asJSON, stdout, stderr) }, err
	case "add":
		var sp schedule.Spec
		fs.StringVar(&sp.Message, "message", "", "what kin says when the task is due")
		fs.StringVar(&sp.Prompt, "prompt", "", "what kin runs through itself when the task is due")
		fs.StringVar(&sp.At, "at", "", "when: RFC 3339 or local date and time")
		fs.StringVar(&sp.In, "in", "", "when: a delay such as 10m")
		fs.StringVar(&sp.Repeat, "repeat", "", "repeat rule")
		pos, err := scheduleParseFlags(fs, args)
		if err == nil && len(pos) > 0 {
			err = fmt.Errorf("takes its text as --message or --prompt, not %q", pos)
		}
		return func(s taskBook, stdout, stderr io.Writer) int {
			return scheduleAdd(s, sp, *asJSON, stdout, stderr)
		}, err
	case "cancel":
		pos, err := scheduleParseFlags(fs, args)
		if err == nil && len(pos) != 1 {
			err = fmt.Errorf("needs the ID of one task (kin schedule list shows them)")
		}
		return func(s taskBook, stdout, stderr io.Writer) int {
			return scheduleCancel(s, pos[0], stdout, stderr)
		}, err
	}
	return nil, fmt.Errorf("unknown command; use list, add or cancel")
}

// scheduleParseFlags parses flags mixed with positional arguments.
func scheduleParseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
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

// withScheduler runs act on the schedule of the kin running on g's store
// when there is one (it fires what is added), else opens the store, runs
// act on a scheduler over it (not running: nothing fires) and closes it.
func withScheduler(g cli.Globals, act scheduleAction, stdout, stderr io.Writer) int {
	if p, err := companion.SocketPath(g.Data, g.AgentID); err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if cl, err := attach.Dial(ctx, p); err == nil {
			return act(cl.Tasks(ctx), stdout, stderr)
		}
	}
	db, err := store.Open(store.Options{Dir: g.Data, AgentID: g.AgentID, GCInterval: -1})
	if err != nil {
		fmt.Fprintf(stderr, "kin schedule: %v\n", err)
		if errors.Is(err, store.ErrAlreadyRunning) {
			fmt.Fprintln(stderr, "kin is running and holds its data open; ask kin itself (it has schedule_task, list_tasks and cancel_task), or quit it first")
		}
		return 1
	}
	code := 1
	if s, err := schedule.New(schedule.Config{Store: db.Schedules()}); err != nil {
		fmt.Fprintf(stderr, "kin schedule: %v\n", err)
	} else {
		code = act(localBook{s}, stdout, stderr)
	}
	if err := db.Close(); err != nil {
		fmt.Fprintf(stderr, "kin schedule: %v\n", err)
		return 1
	}
	return code
}

func scheduleList(s taskBook, asJSON bool, stdout, stderr io.Writer) int {
	tasks, err := s.List()
	if err != nil {
		fmt.Fprintf(stderr, "kin schedule list: %v\n", err)
		return 1
	}
	if asJSON {
		return scheduleJSON(stdout, tasks)
	}
	if len(tasks) == 0 {
		fmt.Fprintln(stdout, "No tasks are scheduled.")
		return 0
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tDUE\tREPEAT\tWHAT")
	for _, t := range tasks {
		repeat := t.Repeat
		if repeat == "" {
			repeat = "once"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", t.ID, t.Due.Format("Mon 2 Jan 2006 15:04 MST"), repeat, t.What())
	}
	w.Flush()
	return 0
}

func scheduleAdd(s taskBook, sp schedule.Spec, asJSON bool, stdout, stderr io.Writer) int {
	t, err := s.Add(sp)
	if err != nil {
		fmt.Fprintf(stderr, "kin schedule add: %v\n", err)
		return 1
	}
	if asJSON {
		return scheduleJSON(stdout, t)
	}
	fmt.Fprintf(stdout, "scheduled task %s: %s\n", t.ID, t.Describe())
	return 0
}

func scheduleCancel(s taskBook, id string, stdout, stderr io.Writer) int {
	t, err := s.Cancel(id)
	if errors.Is(err, schedule.ErrNotFound) {
		fmt.Fprintf(stderr, "kin schedule cancel: no task has id %q; kin schedule list shows the ids\n", id)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "kin schedule cancel: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "cancelled task %s: %s\n", t.ID, t.Describe())
	return 0
}

// scheduleJSON writes v as indented JSON.
func scheduleJSON(stdout io.Writer, v any) int {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", b)
	return 0
}
