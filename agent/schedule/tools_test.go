package schedule

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

func toolset(t *testing.T) (map[string]*tools.Tool, *Scheduler) {
	t.Helper()
	s, err := New(Config{Location: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*tools.Tool{}
	for _, tool := range Tools(s) {
		byName[tool.Name] = tool
	}
	return byName, s
}

func call(t *testing.T, tool *tools.Tool, args string) (string, error) {
	t.Helper()
	res, err := tool.Call(t.Context(), json.RawMessage(args))
	return res.Text, err
}

func TestToolsMeta(t *testing.T) {
	ts, _ := toolset(t)
	tests := []struct {
		name     string
		risk     tools.Risk
		readOnly bool
	}{
		{"schedule_task", tools.Medium, false},
		{"list_tasks", tools.Low, true},
		{"cancel_task", tools.Medium, false},
	}
	for _, tc := range tests {
		tool := ts[tc.name]
		if tool == nil {
			t.Fatalf("no tool %s", tc.name)
		}
		if tool.Meta.Risk != tc.risk || tool.Meta.ReadOnly != tc.readOnly {
			t.Errorf("%s: risk %v read-only %v, want %v %v", tc.name, tool.Meta.Risk, tool.Meta.ReadOnly, tc.risk, tc.readOnly)
		}
		if len(strings.TrimSpace(tool.Description)) < 40 || !json.Valid(tool.Schema) {
			t.Errorf("%s: description %q or schema not usable", tc.name, tool.Description)
		}
	}
	if len(ts) != 3 {
		t.Errorf("Tools returned %d tools, want 3", len(ts))
	}
}

var idIn = regexp.MustCompile(`Scheduled task ([0-9a-f]{8}):`)

func TestToolsRoundTrip(t *testing.T) {
	ts, _ := toolset(t)
	out, err := call(t, ts["schedule_task"], `{"message":"drink water","in":"2h","repeat":"daily"}`)
	m := idIn.FindStringSubmatch(out)
	if err != nil || m == nil || !strings.Contains(out, `say "drink water"`) || !strings.Contains(out, "then daily at ") {
		t.Fatalf("schedule_task = %q, %v", out, err)
	}
	id := m[1]
	if _, err := call(t, ts["schedule_task"], `{"prompt":"summarise the news","repeat":"0 8 * * 1-5"}`); err != nil {
		t.Fatalf("schedule_task with a cron line: %v", err)
	}

	out, err = call(t, ts["list_tasks"], `{}`)
	var listed []map[string]any
	if err != nil || json.Unmarshal([]byte(out), &listed) != nil || len(listed) != 2 {
		t.Fatalf("list_tasks = %q, %v", out, err)
	}
	first := listed[0]
	if first["id"] != id || first["message"] != "drink water" || !strings.HasPrefix(first["repeat"].(string), "daily at ") {
		t.Errorf("first listed task = %v", first)
	}
	if _, err := time.Parse(time.RFC3339, first["due"].(string)); err != nil {
		t.Errorf("due %v is not RFC 3339", first["due"])
	}
	if listed[1]["prompt"] != "summarise the news" || listed[1]["repeat"] != "0 8 * * 1-5" {
		t.Errorf("second listed task = %v", listed[1])
	}

	out, err = call(t, ts["cancel_task"], `{"id":"`+id+`"}`)
	if err != nil || !strings.Contains(out, "Cancelled task "+id) {
		t.Fatalf("cancel_task = %q, %v", out, err)
	}
	out, _ = call(t, ts["list_tasks"], `{}`)
	if strings.Contains(out, id) {
		t.Errorf("cancelled task still listed: %s", out)
	}
}

func TestToolErrors(t *testing.T) {
	ts, _ := toolset(t)
	tests := []struct {
		tool, args, wantErr string
	}{
		{"schedule_task", `{"message":"x","in":"10 parsecs"}`, `schedule_task: in: "10 parsecs" is not a duration; write e.g. 10m, 2h, 1h30m`},
		{"schedule_task", `{"message":"x","in":10}`, `schedule_task: bad arguments`},
		{"schedule_task", `{"in":"10m"}`, `schedule_task: message: give a message`},
		{"schedule_task", `{"message":"x","at":"noon"}`, `schedule_task: at: "noon" is not a time`},
		{"schedule_task", `{"message":"x","in":"1h","repeat":"now and then"}`, `schedule_task: repeat: "now and then" is not a repeat rule`},
		{"cancel_task", `{}`, `cancel_task: id is missing`},
		{"cancel_task", `{"id":"nope"}`, `cancel_task: no task has id "nope"; list_tasks shows the ids`},
		{"cancel_task", `{"id":7}`, `cancel_task: bad arguments`},
	}
	for _, tc := range tests {
		t.Run(tc.tool+" "+tc.args, func(t *testing.T) {
			if out, err := call(t, ts[tc.tool], tc.args); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s(%s) = %q, %v; want an error containing %q", tc.tool, tc.args, out, err, tc.wantErr)
			}
		})
	}
}

func TestToolsHonourCancelledContext(t *testing.T) {
	ts, s := toolset(t)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for name, args := range map[string]string{"schedule_task": `{"message":"x","in":"1h"}`, "list_tasks": `{}`, "cancel_task": `{"id":"x"}`} {
		if _, err := ts[name].Call(ctx, json.RawMessage(args)); err == nil {
			t.Errorf("%s ran with a cancelled context", name)
		}
	}
	if n := len(s.List()); n != 0 {
		t.Errorf("a task was scheduled with a cancelled context")
	}
}

func TestToolsAssess(t *testing.T) {
	ts, s := toolset(t)
	task := mustAdd(t, s, Spec{Message: "water the plants", In: "3h", Repeat: "every 2 hours"})
	tests := []struct {
		tool, args, want string
	}{
		{"schedule_task", `{"message":"drink water","at":"2999-01-02T09:00:00Z","repeat":"weekdays"}`,
			`schedule: say "drink water" on Wed 2 Jan 2999 at 09:00 UTC, then weekdays at 09:00`},
		{"schedule_task", `{"message":"x"}`, "schedule a task (at: say when"},
		{"schedule_task", `[1]`, "schedule a task (the arguments are not valid)"},
		{"list_tasks", `{}`, "list the scheduled tasks"},
		{"cancel_task", `{"id":"` + task.ID + `"}`, "cancel task " + task.ID + `: say "water the plants" on `},
		{"cancel_task", `{"id":"nope"}`, `cancel task "nope" (no such task)`},
	}
	for _, tc := range tests {
		a := ts[tc.tool].Grade(json.RawMessage(tc.args))
		if !strings.HasPrefix(a.Summary, tc.want) {
			t.Errorf("%s(%s) summary %q, want it to start %q", tc.tool, tc.args, a.Summary, tc.want)
		}
		if a.Risk != ts[tc.tool].Meta.Risk {
			t.Errorf("%s risk %v", tc.tool, a.Risk)
		}
	}
	if n := len(s.List()); n != 1 {
		t.Errorf("Assess acted: %d tasks", n)
	}
}

func TestListJSONIsCapped(t *testing.T) {
	var ts []Task
	for i := range 200 {
		ts = append(ts, Task{ID: strings.Repeat("a", 7) + string(rune('a'+i%26)), Message: strings.Repeat("x", 100), Due: time.Unix(int64(i), 0).UTC()})
	}
	out := listJSON(ts, 4096)
	body, note, ok := strings.Cut(out, "\n(")
	var got []Task
	if !ok || json.Unmarshal([]byte(body), &got) != nil || len(body) > 4096 {
		t.Fatalf("capped list is not a JSON array under the budget: %d bytes, note %q", len(body), note)
	}
	if want := len(ts) - len(got); !strings.Contains(note, "more are not shown") || !strings.Contains(note, " "+strconv.Itoa(want)+" more") {
		t.Errorf("note %q does not say %d are left out", note, want)
	}
}
