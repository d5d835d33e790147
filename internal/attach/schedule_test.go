package attach

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/schedule"
)

// keeper is the fake with a real scheduler (in memory) and an MCP server
// that answers each line with "echo: LINE".
type keeper struct {
	fake
	s *schedule.Scheduler
}

func (k *keeper) Tasks() Tasks {
	if k.s == nil {
		return nil
	}
	return k.s
}

func (k *keeper) ServeMCP(_ context.Context, in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		if _, err := io.WriteString(out, "echo: "+sc.Text()+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// TestRemoteTasks: add, list and cancel reach the running kin's schedule;
// an unknown id is schedule.ErrNotFound; with reminders off, a sentence.
func TestRemoteTasks(t *testing.T) {
	s, err := schedule.New(schedule.Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, c := serve(t, &keeper{s: s})
	r := c.Tasks(context.Background())
	added, err := r.Add(schedule.Spec{Message: "Stretch.", In: "1h"})
	if err != nil || added.ID == "" {
		t.Fatalf("add: %+v %v", added, err)
	}
	if ts, err := r.List(); err != nil || len(ts) != 1 || ts[0].ID != added.ID || ts[0].Message != "Stretch." || !ts[0].Due.Equal(added.Due) {
		t.Errorf("list: %+v %v", ts, err)
	}
	if got := s.List(); len(got) != 1 {
		t.Errorf("the running kin's schedule has %d tasks, want 1", len(got))
	}
	if _, err := r.Cancel("nope"); !errors.Is(err, schedule.ErrNotFound) {
		t.Errorf("cancel of an unknown id: %v", err)
	}
	if _, err := r.Cancel(added.ID); err != nil || len(s.List()) != 0 {
		t.Errorf("cancel: %v, %d left", err, len(s.List()))
	}
	if _, err := r.Add(schedule.Spec{Message: "x", In: "soon"}); err == nil || !errors.As(err, new(*RemoteError)) {
		t.Errorf("a bad spec: %v, want the running kin's sentence", err)
	}
	_, off := serve(t, &keeper{})
	if _, err := off.Tasks(context.Background()).List(); err == nil || !strings.Contains(err.Error(), "reminders are off") {
		t.Errorf("reminders off: %v", err)
	}
}

// TestServeMCP: the connection carries the MCP stream both ways after the
// ready event, until the input ends; a handler without MCP says so.
func TestServeMCP(t *testing.T) {
	_, c := serve(t, &keeper{})
	var out strings.Builder
	in := strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","id":2,"method":"ping"}` + "\n")
	if err := c.ServeMCP(context.Background(), in, &out); err != nil {
		t.Fatal(err)
	}
	want := "echo: " + `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\necho: " + `{"jsonrpc":"2.0","id":2,"method":"ping"}` + "\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	_, plain := serve(t, &fake{})
	if err := plain.ServeMCP(context.Background(), strings.NewReader("x\n"), io.Discard); err == nil || !strings.Contains(err.Error(), "does not serve MCP") {
		t.Errorf("a kin without MCP: %v", err)
	}
}
