package toolsearch

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools"
)

func tool(name, desc string) *tools.Tool { return &tools.Tool{Name: name, Description: desc} }

var sample = []*tools.Tool{
	tool("mcp__github__create_issue", "Create a new issue in a GitHub repository."),
	tool("mcp__github__list_pull_requests", "List the pull requests of a repository."),
	tool("mcp__calendar__list_events", "List calendar events between two dates."),
	tool("mcp__calendar__create_event", "Add an event to the calendar."),
	tool("mcp__fx__convert", "Convert an amount between currencies."),
	tool("web_search", "Search the web."),
}

func names(ms []Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Tool.Name)
	}
	return out
}

func TestSearch(t *testing.T) {
	tests := []struct {
		query string
		limit int
		want  []string
	}{
		{"create github issue", 5, []string{"mcp__github__create_issue", "mcp__github__list_pull_requests", "mcp__calendar__create_event"}},
		{"calendar events", 5, []string{"mcp__calendar__list_events", "mcp__calendar__create_event"}},
		{"Convert currency", 5, []string{"mcp__fx__convert"}},
		{"web_search", 1, []string{"web_search"}},
		{"calendar", 1, []string{"mcp__calendar__list_events"}},
		{"the a of", 5, nil},
		{"", 5, nil},
		{"quantum teleport", 5, nil},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			if got := names(Search(sample, tt.query, tt.limit)); !slices.Equal(got, tt.want) {
				t.Errorf("Search(%q) = %v, want %v", tt.query, got, tt.want)
			}
		})
	}
}

func TestToolRun(t *testing.T) {
	var found []string
	tl := Tool(Config{Candidates: func() []*tools.Tool { return sample }, Found: func(n []string) { found = n }, Results: 2})
	tests := []struct {
		name, args, want, wantErr string
		found                     []string
	}{
		{"found", `{"query":"calendar events"}`, "mcp__calendar__list_events: List calendar events", "",
			[]string{"mcp__calendar__list_events", "mcp__calendar__create_event"}},
		{"nothing", `{"query":"quantum"}`, "No tool matches", "", nil},
		{"empty query", `{"query":"  "}`, "", `needs a "query"`, nil},
		{"missing query", `{}`, "", `needs a "query"`, nil},
		{"mistyped", `{"query":3}`, "", "tool_search: bad arguments", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found = nil
			out, err := tl.Run(context.Background(), json.RawMessage(tt.args))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || !strings.Contains(out, tt.want) || !slices.Equal(found, tt.found) {
				t.Errorf("Run = %q, %v, found %v; want %q and %v", out, err, found, tt.want, tt.found)
			}
		})
	}
}

func TestToolHonoursCancel(t *testing.T) {
	tl := Tool(Config{Candidates: func() []*tools.Tool { return sample }})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := tl.Run(ctx, json.RawMessage(`{"query":"calendar"}`)); err == nil {
		t.Error("a cancelled search ran")
	}
}

func TestOutputCapped(t *testing.T) {
	var many []*tools.Tool
	for i := range 200 {
		many = append(many, tool(fmt.Sprintf("mcp__s__thing_%d", i), "Thing "+strings.Repeat("long words ", 30)))
	}
	tl := Tool(Config{Candidates: func() []*tools.Tool { return many }, Results: 200})
	out, err := tl.Run(context.Background(), json.RawMessage(`{"query":"thing"}`))
	if err != nil || len(out) > maxOutput+200 || !strings.Contains(out, "more not shown") {
		t.Errorf("output of %d bytes (err %v), want at most about %d with a truncation note", len(out), err, maxOutput)
	}
	if a := tl.Grade(json.RawMessage(`{"query":"thing"}`)); a.Risk != tools.Low || !tl.Meta.ReadOnly || a.Summary == "" {
		t.Errorf("meta/assessment = %+v %+v", tl.Meta, a)
	}
}

func BenchmarkSearch300(b *testing.B) {
	var ts []*tools.Tool
	for i := range 300 {
		ts = append(ts, tool(fmt.Sprintf("mcp__srv%d__action_%d", i%10, i), "Does action number "+fmt.Sprint(i)+" on a server's data."))
	}
	ts = append(ts, tool("mcp__weather__forecast", "Get the weather forecast for a city."))
	b.ReportAllocs()
	for b.Loop() {
		if len(Search(ts, "weather forecast for Oslo", 8)) == 0 {
			b.Fatal("nothing found")
		}
	}
}
