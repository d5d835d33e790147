package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools/todo"
	"github.com/kin-companion/kin/store"
)

// todoAdapter gives the todo tools kin's store, as the companion does.
type todoAdapter struct{ t *store.Todos }

func (a todoAdapter) Add(_ context.Context, text string) (todo.Item, error) {
	it, err := a.t.Add(text)
	return todo.Item(it), err
}

func (a todoAdapter) List(context.Context) ([]todo.Item, error) {
	all, err := a.t.List()
	out := make([]todo.Item, len(all))
	for i, it := range all {
		out[i] = todo.Item(it)
	}
	return out, err
}

func (a todoAdapter) Complete(_ context.Context, id int) (todo.Item, bool, error) {
	it, already, err := a.t.Complete(id)
	return todo.Item(it), already, err
}

// TestCmdTodoRoundTrip adds tasks through the model's tools on the real
// store, then reads them back with kin todo list, as text and as JSON.
func TestCmdTodoRoundTrip(t *testing.T) {
	data := t.TempDir()
	db, err := store.Open(store.Options{Dir: data, GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	ts := todo.Tools(todo.Config{Todos: todoAdapter{db.Todos()}})
	for _, c := range []struct{ tool, args string }{
		{"todo_add", `{"text":"buy tea"}`}, {"todo_add", `{"text":"call Ann"}`}, {"todo_complete", `{"id":1}`},
	} {
		for _, tl := range ts {
			if tl.Name == c.tool {
				if _, err := tl.Run(t.Context(), json.RawMessage(c.args)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	db.Close()

	var out, errb bytes.Buffer
	if code := cmdTodo([]string{"list", "--data", data}, &out, &errb); code != 0 {
		t.Fatalf("list: %d %s", code, errb.String())
	}
	if got := out.String(); !strings.HasPrefix(got, "open (1):\n  [2] call Ann\ndone (1):\n  [1] buy tea (done ") {
		t.Errorf("list:\n%s", got)
	}
	out.Reset()
	if code := cmdTodo([]string{"--data=" + data, "list", "--json"}, &out, &errb); code != 0 {
		t.Fatalf("list --json: %d %s", code, errb.String())
	}
	var got []store.Todo
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || len(got) != 2 ||
		got[0].ID != 1 || !got[0].Done || got[0].DoneAt.IsZero() || got[1].Text != "call Ann" || got[1].Done {
		t.Errorf("list --json: %v\n%s", err, out.String())
	}
}

func TestCmdTodo(t *testing.T) {
	data := t.TempDir()
	for _, c := range []struct {
		args      []string
		code      int
		out, errs string
	}{
		{[]string{"list", "--json"}, 0, "[]\n", ""},
		{[]string{"list"}, 0, "the task list is empty\n", ""},
		{[]string{"add", "water", "the", "plants"}, 0, "added task 1: water the plants\n", ""},
		{[]string{"done", "1"}, 0, "done: task 1, water the plants\n", ""},
		{[]string{"done", "1"}, 0, "task 1 was already done: water the plants\n", ""},
		{[]string{"done", "7"}, 1, "", "there is no task 7"},
		{[]string{"done", "x"}, 2, "", "needs one task number"},
		{[]string{"add"}, 2, "", "what is the task?"},
		{[]string{"list", "extra"}, 2, "", "takes no arguments"},
		{[]string{"frobnicate"}, 2, "", `unknown command "frobnicate"`},
		{[]string{"help"}, 0, todoUsage, ""},
		{nil, 2, todoUsage, ""},
	} {
		var out, errb bytes.Buffer
		code := cmdTodo(append(c.args, "--data", data), &out, &errb)
		if code != c.code || out.String() != c.out || !strings.Contains(errb.String(), c.errs) {
			t.Errorf("kin todo %v = %d %q %q; want %d %q %q", c.args, code, out.String(), errb.String(), c.code, c.out, c.errs)
		}
	}
}
