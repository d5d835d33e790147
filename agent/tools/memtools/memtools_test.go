package memtools_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	agentmem "github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/memtools"
	adapter "github.com/kin-companion/kin/internal/agentmem"
	"github.com/kin-companion/kin/store"
)

var now = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// openStore opens kin's store on a temporary folder on the clock *clock,
// adapted to agent/memory.Store as the companion does.
func openStore(t *testing.T, clock *time.Time) agentmem.Store {
	db, err := store.Open(store.Options{Dir: t.TempDir(), GCInterval: -1, MinFreeBytes: -1, Now: func() time.Time { return *clock }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return adapter.New(db.Memories())
}

// backends are the memory stores every test runs against: kin's store on
// a temporary folder and the session store used when it cannot open, both
// on a fixed clock. Both rank with the store's one ranker.
func backends(t *testing.T) map[string]agentmem.Store {
	clock := now
	return map[string]agentmem.Store{"store": openStore(t, &clock), "session": adapter.NewSession(func() time.Time { return now })}
}

func run(t *testing.T, cfg memtools.Config, name, args string) (string, error) {
	t.Helper()
	for _, tl := range memtools.Tools(cfg) {
		if tl.Name == name {
			return tl.Run(context.Background(), json.RawMessage(args))
		}
	}
	t.Fatalf("no tool %s", name)
	return "", nil
}

func TestFamily(t *testing.T) {
	if ts := memtools.Tools(memtools.Config{}); ts != nil {
		t.Errorf("no store: %d tools", len(ts))
	}
	want := map[string]tools.Meta{
		"memory_write":  {Risk: tools.Medium, AnimationHint: "nod"},
		"memory_search": {Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true},
		"memory_list":   {Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true},
	}
	ts := memtools.Tools(memtools.Config{Store: &agentmem.Mem{}})
	if len(ts) != 3 || ts[0].Name != "memory_write" || ts[1].Name != "memory_search" || ts[2].Name != "memory_list" {
		t.Fatalf("tools %v", ts)
	}
	for _, tl := range ts {
		if tl.Meta != want[tl.Name] || tl.Assess == nil || len(strings.TrimSpace(tl.Description)) < 150 {
			t.Errorf("%s: meta %+v, Assess or description missing", tl.Name, tl.Meta)
		}
	}
	var schema struct{ Properties map[string]any }
	json.Unmarshal(ts[1].Schema, &schema)
	if _, ok := schema.Properties["query"]; !ok {
		t.Errorf("memory_search has no query argument: %s", ts[1].Schema)
	}
}

func TestMemoryTools(t *testing.T) {
	for name, st := range backends(t) {
		t.Run(name, func(t *testing.T) {
			bus := protocol.New("test")
			cfg := memtools.Config{Store: st, Bus: bus}
			for _, c := range []struct {
				tool, args, want string
				err              bool
			}{
				{"memory_list", `{}`, "no memories yet", false},
				{"memory_write", `{"key":"pet","type":"user","body":"Miso, a grey cat"}`, "remembered pet (user)", false},
				{"memory_write", `{"key":"tea","type":"user","name":"Tea","description":"what they drink","body":"Green tea, no sugar"}`, "remembered tea (user)", false},
				{"memory_write", `{"key":"tone","type":"feedback","body":"Keep answers short; the user dislikes long replies"}`, "remembered tone (feedback)", false},
				{"memory_write", `{"key":"pet","type":"user","body":"Miso, a grey cat who likes tea towels"}`, "updated the memory pet (user)", false},
				{"memory_search", `{"query":"TEA"}`, "2 memories match \"TEA\", best first:\n- [user] pet (key pet, score 0.70, updated 2026-03-01): Miso, a grey cat who likes tea towels\n  Miso, a grey cat who likes tea towels\n- [user] Tea (key tea, score 0.70, updated 2026-03-01): what they drink\n  Green tea, no sugar", false},
				{"memory_search", `{"query":"grey cat"}`, "1 memory matches \"grey cat\", best first:\n- [user] pet (key pet, score 0.70, updated 2026-03-01): Miso, a grey cat who likes tea towels\n  Miso, a grey cat who likes tea towels", false},
				{"memory_search", `{"query":"tea","type":"feedback"}`, "no memory matches \"tea\"; there are 3 memories in all", false},
				{"memory_search", `{"query":"tea","limit":1}`, "[1 more not shown; narrow the search or raise limit]", false},
				{"memory_list", `{}`, "3 memories, best first:\n- [feedback] tone (key tone, score 0.80", false},
				{"memory_list", `{"type":"user","limit":1}`, "2 memories of type user, best first:\n- [user] pet (key pet", false},
				{"memory_search", `{}`, `memory_search: the argument "query" is missing`, true},
				{"memory_search", `{"query":"x","type":"gossip"}`, `memory_search: type must be one of user, feedback, project, reference, not "gossip"`, true},
				{"memory_list", `{"limit":-2}`, `memory_list: limit must be 1 or more`, true},
				{"memory_write", `{"type":"user","body":"b"}`, `memory_write: the argument "key" is missing`, true},
				{"memory_write", `{"key":"Bad Key","type":"user","body":"b"}`, `memory_write: key "Bad Key" must be snake_case`, true},
				{"memory_write", `{"key":"k","body":"b"}`, `memory_write: the argument "type" is missing`, true},
				{"memory_write", `{"key":"k","type":"gossip","body":"b"}`, `memory_write: type must be one of`, true},
				{"memory_write", `{"key":"k","type":"user","body":"  "}`, `memory_write: the argument "body" is missing or empty`, true},
				{"memory_write", `{"key":"k","type":"user","body":"` + strings.Repeat("b", 4001) + `"}`, `the body has 4001 bytes, more than the 4000`, true},
			} {
				out, err := run(t, cfg, c.tool, c.args)
				got := out
				if err != nil {
					got = err.Error()
				}
				if (err != nil) != c.err || !strings.Contains(got, c.want) {
					t.Errorf("%s %.60s = %q, %v; want %q", c.tool, c.args, out, err, c.want)
				}
			}
			if ev := bus.Recent(protocol.Remember, 10); len(ev) != 4 {
				t.Errorf("%d remember events, want 4", len(ev))
			} else if p, ok := ev[0].Payload.(protocol.RememberPayload); !ok || p.Key != "pet" || p.Name != "pet" || p.Description != "Miso, a grey cat" {
				t.Errorf("first event %+v", ev[0].Payload)
			}
		})
	}
}

// TestRankingMatchesBlock checks that memory_list orders memories as the
// <memory> block does: older ones sink.
func TestRankingMatchesBlock(t *testing.T) {
	clock := now
	st := openStore(t, &clock)
	cfg := memtools.Config{Store: st}
	run(t, cfg, "memory_write", `{"key":"old_feedback","type":"feedback","body":"old"}`)
	clock = now.Add(29 * 24 * time.Hour)
	run(t, cfg, "memory_write", `{"key":"new_reference","type":"reference","body":"new"}`)
	clock = now.Add(30 * 24 * time.Hour)
	out, _ := run(t, cfg, "memory_list", `{}`)
	block, _ := st.Block(context.Background(), nil, 0)
	if strings.Index(out, "new_reference") > strings.Index(out, "old_feedback") ||
		strings.Index(block, "new_reference") > strings.Index(block, "old_feedback") {
		t.Errorf("memory_list:\n%s\nblock:\n%s", out, block)
	}
}

func TestAssess(t *testing.T) {
	cfg := memtools.Config{Store: &agentmem.Mem{}}
	for _, c := range []struct{ tool, args, want string }{
		{"memory_write", `{"key":"tea","body":"Green\ntea"}`, `remember "tea": Green tea`},
		{"memory_search", `{"query":"cat"}`, `search kin's memories for "cat"`},
		{"memory_list", `{}`, `list kin's memories`},
		{"memory_list", `{"type":"user"}`, `list kin's user memories`},
	} {
		for _, tl := range memtools.Tools(cfg) {
			if tl.Name == c.tool {
				if a := tl.Grade(json.RawMessage(c.args)); a.Summary != c.want || a.Risk != tl.Meta.Risk {
					t.Errorf("%s: %+v, want %q", c.tool, a, c.want)
				}
			}
		}
	}
}
