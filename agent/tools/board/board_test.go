package board

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
)

func find(t *testing.T, ts []*tools.Tool, name string) *tools.Tool {
	t.Helper()
	for _, tl := range ts {
		if tl.Name == name {
			return tl
		}
	}
	t.Fatalf("no tool %s", name)
	return nil
}

func TestCreateBoard(t *testing.T) {
	tests := []struct {
		name, args string
		want       protocol.BoardPayload
		wantOut    string // in the result
		wantErr    string // in the error, "" for none
	}{
		{"defaults", `{"markdown":"# Plan\n- a"}`,
			protocol.BoardPayload{ID: "board", Markdown: "# Plan\n- a", Width: 640, Height: 520}, `"board" is on the screen (640×520)`, ""},
		{"all", `{"markdown":"x","title":"Week","id":"week","width":800,"height":300}`,
			protocol.BoardPayload{ID: "week", Title: "Week", Markdown: "x", Width: 800, Height: 300}, `"week"`, ""},
		{"empty", `{"markdown":"  "}`, protocol.BoardPayload{}, "", "markdown is empty"},
		{"missing", `{}`, protocol.BoardPayload{}, "", "argument markdown"},
		{"mistyped", `{"markdown":3}`, protocol.BoardPayload{}, "", "create_board: bad arguments"},
		{"too wide", `{"markdown":"x","width":5000}`, protocol.BoardPayload{}, "", "width 5000 is out of range"},
		{"too low", `{"markdown":"x","height":10}`, protocol.BoardPayload{}, "", "height 10 is out of range"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bus := protocol.New("a")
			tl := find(t, Tools(Config{Bus: bus}), "create_board")
			out, err := tl.Run(context.Background(), json.RawMessage(tc.args))
			got := bus.Recent(protocol.Board, 10)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one with %q", err, tc.wantErr)
				}
				if len(got) != 0 {
					t.Errorf("a failed call emitted %v", got)
				}
				return
			}
			if err != nil || !strings.Contains(out, tc.wantOut) {
				t.Fatalf("%q, %v; want %q in the result", out, err, tc.wantOut)
			}
			if len(got) != 1 || got[0].Payload != tc.want {
				t.Errorf("emitted %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestCreateBoardCap: Markdown over the cap is cut at a line break with a
// note, and the result says so.
func TestCreateBoardCap(t *testing.T) {
	bus := protocol.New("a")
	tl := find(t, Tools(Config{Bus: bus, MaxBytes: 20}), "create_board")
	args, _ := json.Marshal(map[string]string{"markdown": "line one\nline two\nline three é"})
	out, err := tl.Run(context.Background(), args)
	if err != nil || !strings.Contains(out, "cut") {
		t.Fatalf("%q, %v", out, err)
	}
	md := bus.Recent(protocol.Board, 1)[0].Payload.(protocol.BoardPayload).Markdown
	if !strings.HasPrefix(md, "line one\nline two\n\n*(the rest was cut") {
		t.Errorf("markdown %q", md)
	}
}

func TestCloseBoard(t *testing.T) {
	bus := protocol.New("a")
	tl := find(t, Tools(Config{Bus: bus}), "close_board")
	for _, c := range []struct{ args, id string }{{`{"id":"week"}`, "week"}, {``, "board"}} {
		if _, err := tl.Run(context.Background(), json.RawMessage(c.args)); err != nil {
			t.Fatal(err)
		}
		got := bus.Recent(protocol.Board, 1)[0].Payload
		if got != (protocol.BoardPayload{ID: c.id, Close: true}) {
			t.Errorf("%s: emitted %+v", c.args, got)
		}
	}
}

// TestCancelled: a cancelled call shows nothing.
func TestCancelled(t *testing.T) {
	bus := protocol.New("a")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tl := range Tools(Config{Bus: bus}) {
		if _, err := tl.Run(ctx, json.RawMessage(`{"markdown":"x"}`)); err == nil {
			t.Errorf("%s: no error when cancelled", tl.Name)
		}
	}
	if n := len(bus.Recent(protocol.Board, 10)); n != 0 {
		t.Errorf("%d events after cancelled calls", n)
	}
}

func TestAssessAndMeta(t *testing.T) {
	ts := Tools(Config{Bus: protocol.New("a")})
	for _, c := range []struct{ tool, args, want string }{
		{"create_board", `{"markdown":"x","title":"Week plan"}`, "show a board: Week plan"},
		{"create_board", `{"markdown":"x","id":"w"}`, "show a board: w"},
		{"close_board", `{}`, "close the board board"},
	} {
		tl := find(t, ts, c.tool)
		if a := tl.Assess(json.RawMessage(c.args)); a.Summary != c.want || a.Risk != tools.Low {
			t.Errorf("%s %s: %+v", c.tool, c.args, a)
		}
		if !tl.Meta.ReadOnly || tl.Meta.Risk != tools.Low || tl.Description == "" {
			t.Errorf("%s: meta %+v", c.tool, tl.Meta)
		}
	}
}
