package todo_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/todo"
)

// run calls the named tool of cfg's family with args.
func run(t *testing.T, cfg todo.Config, name, args string) (string, error) {
	t.Helper()
	for _, tl := range todo.Tools(cfg) {
		if tl.Name == name {
			return tl.Run(context.Background(), json.RawMessage(args))
		}
	}
	t.Fatalf("no tool %s", name)
	return "", nil
}

func TestFamily(t *testing.T) {
	mem := &todo.Mem{}
	want := []struct {
		name string
		args []string
		meta tools.Meta
	}{
		{"todo_add", []string{"text"}, tools.Meta{Risk: tools.Medium}},
		{"todo_list", nil, tools.Meta{Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true}},
		{"todo_complete", []string{"id"}, tools.Meta{Risk: tools.Medium}},
		{"storage_get", []string{"key"}, tools.Meta{Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true}},
		{"storage_set", []string{"key", "value"}, tools.Meta{Risk: tools.Medium}},
	}
	got := todo.Tools(todo.Config{Todos: mem, Scratch: mem})
	if len(got) != len(want) {
		t.Fatalf("%d tools, want %d", len(got), len(want))
	}
	for i, w := range want {
		tl := got[i]
		var schema struct {
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		}
		if err := json.Unmarshal(tl.Schema, &schema); err != nil || tl.Name != w.name {
			t.Fatalf("tool %d: %s %v", i, tl.Name, err)
		}
		if strings.Join(schema.Required, ",") != strings.Join(w.args, ",") {
			t.Errorf("%s: required %v, want %v", w.name, schema.Required, w.args)
		}
		if tl.Meta != w.meta || tl.Assess == nil || len(strings.TrimSpace(tl.Description)) < 150 {
			t.Errorf("%s: meta %+v, Assess or description missing", w.name, tl.Meta)
		}
	}
	if n := len(todo.Tools(todo.Config{Todos: mem})); n != 3 {
		t.Errorf("todos only: %d tools", n)
	}
	if n := len(todo.Tools(todo.Config{})); n != 0 {
		t.Errorf("nothing configured: %d tools", n)
	}
}

func TestTodoTools(t *testing.T) {
	for name, cfg := range backends(t) {
		t.Run(name, func(t *testing.T) {
			for _, c := range []struct {
				tool, args, want string
				err              bool
			}{
				{"todo_list", `{}`, "the task list is empty", false},
				{"todo_add", `{"text":"  buy tea "}`, "added task 1: buy tea (1 open task)", false},
				{"todo_add", `{"text":"call Ann"}`, "added task 2: call Ann (2 open tasks)", false},
				{"todo_add", `{"text":"water the plants"}`, "added task 3: water the plants (3 open tasks)", false},
				{"todo_complete", `{"id":2}`, "completed task 2: call Ann (2 open tasks)", false},
				{"todo_complete", `{"id":"3"}`, "completed task 3: water the plants (1 open task)", false},
				{"todo_complete", `{"id":2}`, "task 2 was already done (since ", false},
				{"todo_list", `{"show":"open"}`, "open (1):\n  [1] buy tea", false},
				{"todo_list", `{}`, "open (1):\n  [1] buy tea\ndone (2):\n  [2] call Ann (done ", false},
				{"todo_list", `{"show":"done"}`, "done (2):\n  [2] call Ann", false},
				{"todo_list", `{"show":"later"}`, "todo_list: show must be open, done or all", true},
				{"todo_complete", `{"id":9}`, "todo_complete: there is no task 9; todo_list shows the ids", true},
				{"todo_complete", `{}`, `todo_complete: the argument "id" is missing`, true},
				{"todo_complete", `{"id":"two"}`, `the argument "id" must be a task number such as 3, not "two"`, true},
				{"todo_complete", `{"id":0}`, `must be a task number`, true},
				{"todo_add", `{}`, `todo_add: the argument "text" is missing`, true},
				{"todo_add", `{"text":"  "}`, `todo_add: the argument "text" is empty`, true},
				{"todo_add", `{"text":"` + strings.Repeat("x", 1001) + `"}`, "the task has 1001 bytes, more than the 1000 allowed", true},
				{"todo_add", `{"text":7}`, "todo_add: bad arguments", true},
			} {
				out, err := run(t, cfg, c.tool, c.args)
				got := out
				if err != nil {
					got = err.Error()
				}
				if (err != nil) != c.err || !strings.Contains(got, c.want) {
					t.Errorf("%s %.40s = %q, %v; want %q", c.tool, c.args, out, err, c.want)
				}
			}
		})
	}
}

// TestTodoPersists adds through the tools, reopens the store and lists.
func TestTodoPersists(t *testing.T) {
	dir := t.TempDir()
	db := openStore(t, dir)
	if _, err := run(t, todo.Config{Todos: todoStore{db.Todos()}}, "todo_add", `{"text":"remember me"}`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db = openStore(t, dir)
	out, err := run(t, todo.Config{Todos: todoStore{db.Todos()}}, "todo_list", `{}`)
	if err != nil || !strings.Contains(out, "[1] remember me") {
		t.Errorf("after reopening: %q %v", out, err)
	}
}

func TestTodoStoreFull(t *testing.T) {
	cfg := backends(t)["store"]
	for range 200 {
		if _, err := run(t, cfg, "todo_add", `{"text":"x"}`); err != nil {
			t.Fatal(err)
		}
	}
	_, err := run(t, cfg, "todo_add", `{"text":"one more"}`)
	if err == nil || !strings.Contains(err.Error(), "todo_add: the task was not added") || !strings.Contains(err.Error(), "complete some first") {
		t.Errorf("full list: %v", err)
	}
	out, _ := run(t, todo.Config{Todos: cfg.Todos, MaxShown: 5}, "todo_list", `{}`)
	if !strings.Contains(out, "open (200):") || !strings.Contains(out, "[5] x\n  [… 195 more open tasks not shown]") {
		t.Errorf("capped list:\n%s", out)
	}
}

func TestTodoAssess(t *testing.T) {
	mem := &todo.Mem{}
	cfg := todo.Config{Todos: mem, Scratch: mem}
	for _, c := range []struct{ tool, args, want string }{
		{"todo_add", `{"text":"buy\n tea"}`, `add "buy tea" to kin's task list`},
		{"todo_add", `{}`, `add a task to kin's task list`},
		{"todo_list", `{}`, `read kin's task list`},
		{"todo_complete", `{"id":4}`, `mark task 4 on kin's task list done`},
		{"todo_complete", `{"id":"x"}`, `mark a task on kin's task list done`},
		{"storage_get", `{"key":"plan"}`, `read "plan" from kin's scratchpad`},
		{"storage_set", `{"key":"plan","value":"a"}`, `keep a note under "plan" in kin's scratchpad`},
		{"storage_set", `{"key":"plan","value":""}`, `remove "plan" from kin's scratchpad`},
	} {
		for _, tl := range todo.Tools(cfg) {
			if tl.Name == c.tool {
				if a := tl.Grade(json.RawMessage(c.args)); a.Summary != c.want || a.Risk != tl.Meta.Risk {
					t.Errorf("%s %s: %+v, want %q", c.tool, c.args, a, c.want)
				}
			}
		}
	}
}
