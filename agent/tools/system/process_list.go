package system

import (
	"cmp"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os/user"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed process_list.md
var processListDescription string

var processListSchema = json.RawMessage(`{"type":"object","properties":{
 "filter":{"type":"string","description":"Only processes whose name or command line contains this text (case-insensitive)"},
 "sort":{"type":"string","enum":["cpu","memory","pid"],"default":"cpu","description":"Order: cpu and memory busiest first, pid ascending"},
 "limit":{"type":"integer","minimum":1,"maximum":500,"default":50,"description":"How many processes to show (1–500)"}}}`)

// Limits of process_list.
const (
	cpuWindow     = 300 * time.Millisecond // %CPU is measured over this window
	maxListLimit  = 500
	maxCmdline    = 200      // runes of a command line shown
	maxListOutput = 48 << 10 // bytes of the whole listing
)

type listArgs struct {
	Filter string `json:"filter"`
	Sort   string `json:"sort"`
	Limit  *int   `json:"limit"`
}

// listedProc is a process with its measured CPU share and owner's name.
type listedProc struct {
	procInfo
	CPU  float64 // percent of one core
	User string
}

func processList() *tools.Tool {
	return &tools.Tool{Name: "process_list", Description: processListDescription, Schema: processListSchema,
		Meta: tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low},
		Run:  runProcessList,
		Assess: func(json.RawMessage) tools.Assessment {
			return tools.Assessment{Risk: tools.Low, Summary: "list the running processes"}
		}}
}

func parseListArgs(args json.RawMessage) (listArgs, int, error) {
	a, err := tools.Decode[listArgs]("process_list", args, processListSchema)
	if err != nil {
		return a, 0, err
	}
	if a.Sort == "" {
		a.Sort = "cpu"
	}
	if !slices.Contains([]string{"cpu", "memory", "pid"}, a.Sort) {
		return a, 0, fmt.Errorf("process_list: sort must be cpu, memory or pid, not %q", a.Sort)
	}
	limit := 50
	if a.Limit != nil {
		limit = *a.Limit
		if limit < 1 || limit > maxListLimit {
			return a, 0, fmt.Errorf("process_list: limit must be between 1 and %d, not %d", maxListLimit, limit)
		}
	}
	return a, limit, nil
}

func runProcessList(ctx context.Context, args json.RawMessage) (string, error) {
	a, limit, err := parseListArgs(args)
	if err != nil {
		return "", err
	}
	procs, err := sampleProcs(ctx)
	if err != nil {
		return "", fmt.Errorf("process_list: %w", err)
	}
	total := len(procs)
	procs = filterProcs(procs, a.Filter)
	matched := len(procs)
	sortProcs(procs, a.Sort)
	procs = procs[:min(limit, len(procs))]
	return renderProcs(procs, total, matched, a), nil
}

// sampleProcs lists the processes twice, cpuWindow apart, and gives each
// its CPU use over the window; a process born in between gets its average
// since it started.
func sampleProcs(ctx context.Context) ([]listedProc, error) {
	first, err := listProcs(false)
	if err != nil {
		return nil, err
	}
	t0 := time.Now()
	select {
	case <-ctx.Done():
		return nil, fmt.Errorf("the listing was cancelled: %v", ctx.Err())
	case <-time.After(cpuWindow):
	}
	second, err := listProcs(true)
	if err != nil {
		return nil, err
	}
	wall := time.Since(t0).Seconds()
	before := make(map[int]procInfo, len(first))
	for _, p := range first {
		before[p.PID] = p
	}
	names := map[int]string{}
	out := make([]listedProc, len(second))
	for i, p := range second {
		out[i] = listedProc{procInfo: p, User: userName(p.UID, names)}
		if b, ok := before[p.PID]; ok && b.Started.Equal(p.Started) {
			out[i].CPU = 100 * (p.CPUSeconds - b.CPUSeconds) / wall
		} else if age := time.Since(p.Started).Seconds(); age > 0 {
			out[i].CPU = 100 * p.CPUSeconds / age
		}
	}
	return out, nil
}

// userName returns the login name of uid, remembering lookups in seen.
func userName(uid int, seen map[int]string) string {
	if uid < 0 {
		return "?"
	}
	if n, ok := seen[uid]; ok {
		return n
	}
	n := strconv.Itoa(uid)
	if u, err := user.LookupId(n); err == nil {
		n = u.Username
	}
	seen[uid] = n
	return n
}

func filterProcs(ps []listedProc, filter string) []listedProc {
	f := strings.ToLower(strings.TrimSpace(filter))
	if f == "" {
		return ps
	}
	return slices.DeleteFunc(ps, func(p listedProc) bool {
		return !strings.Contains(strings.ToLower(p.Comm), f) && !strings.Contains(strings.ToLower(p.Cmdline), f)
	})
}

func sortProcs(ps []listedProc, by string) {
	slices.SortStableFunc(ps, func(a, b listedProc) int {
		switch by {
		case "cpu":
			if c := cmp.Compare(b.CPU, a.CPU); c != 0 {
				return c
			}
		case "memory":
			if c := cmp.Compare(b.RSS, a.RSS); c != 0 {
				return c
			}
		}
		return cmp.Compare(a.PID, b.PID)
	})
}

func renderProcs(ps []listedProc, total, matched int, a listArgs) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d processes running", total)
	if strings.TrimSpace(a.Filter) != "" {
		fmt.Fprintf(&b, ", %d matching %q", matched, a.Filter)
	}
	fmt.Fprintf(&b, "; showing %d sorted by %s. %%CPU is over the last %.1f s (100 = one core).\n",
		len(ps), a.Sort, cpuWindow.Seconds())
	if len(ps) == 0 {
		return strings.TrimSpace(b.String())
	}
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "PID\tPPID\tUSER\tSTATE\t%CPU\tRSS\tSTARTED\tCOMMAND")
	for _, p := range ps {
		fmt.Fprintf(w, "%d\t%d\t%s\t%c\t%.1f\t%s\t%s\t%s\n", p.PID, p.PPID, p.User, p.State, p.CPU,
			humanBytes(p.RSS), p.Started.Local().Format("2006-01-02 15:04:05"), clip(p.Cmdline, maxCmdline))
	}
	w.Flush()
	s := strings.TrimRight(b.String(), "\n")
	if len(s) > maxListOutput {
		cut := strings.LastIndexByte(s[:maxListOutput], '\n')
		s = s[:cut] + "\n[… list cut at 48 KiB; use filter or a smaller limit …]"
	}
	return s
}

// humanBytes renders n as B, KiB, MiB or GiB.
func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
