package tools

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/scene"
)

type deny struct{ asked int }

func (d *deny) Confirm(context.Context, Request) (Answer, error) { d.asked++; return Deny, nil }

func TestExecutor(t *testing.T) {
	runs := 0
	now := time.Unix(0, 0)
	cached := &Tool{Name: "lookup", Meta: Meta{ReadOnly: true, ConcurrencySafe: true, Cacheable: true, CacheTTL: time.Minute},
		Run: func(context.Context, json.RawMessage) (string, error) { runs++; return "v", nil }}
	risky := &Tool{Name: "fs_delete", Meta: Meta{Risk: High}, Run: func(context.Context, json.RawMessage) (string, error) { return "deleted", nil }}
	d := &deny{}
	e := &Executor{Tools: NewRegistry(cached, risky), Gate: &Gate{Confirm: d}, Cache: &Cache{Now: func() time.Time { return now }}}
	out := e.Run(context.Background(), []llm.ToolCall{{Name: "lookup", Args: []byte(`{"a":1,"b":2}`)}, {Name: "fs_delete"}, {Name: "nope"}})
	if out[0].Result.Content != "v" || !out[1].Denied || d.asked != 1 || !out[2].Failed {
		t.Fatalf("%+v", out)
	}
	out = e.Run(context.Background(), []llm.ToolCall{{Name: "lookup", Args: []byte(`{"b":2, "a":1}`)}})
	if !out[0].Cached || runs != 1 {
		t.Errorf("cache miss on equal args: %+v runs %d", out[0], runs)
	}
	now = now.Add(2 * time.Minute)
	if out = e.Run(context.Background(), []llm.ToolCall{{Name: "lookup", Args: []byte(`{"a":1,"b":2}`)}}); out[0].Cached {
		t.Error("expired entry served")
	}
}

func TestBuiltins(t *testing.T) {
	f := &scene.Fake{Clips: []string{"Victory"}}
	mem := &memory.Mem{}
	reg := NewRegistry(Builtins(Deps{Scene: f, Memory: mem, Slots: map[string]string{"celebrate": "Victory"},
		Now: func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }}, nil)...)
	run := func(name, args string) (string, error) {
		tl, _ := reg.Get(name)
		return tl.Run(context.Background(), json.RawMessage(args))
	}
	for _, c := range []struct{ name, args, want string }{
		{"wave", `{}`, "wave 1500ms"}, {"wave", `{"duration_ms":99999}`, "wave 5000ms"},
		{"play_clip", `{"name":"celebrate"}`, "play Victory"}, {"play_clip", `{"name":"nod"}`, "play nod"},
		{"setExpression", `{"preset":"happy","intensity":3}`, "expression happy 1.0"},
		{"remember", `{"key":"user_name","name":"Name","description":"d","type":"user","body":"Ada"}`, "remembered user_name"},
		{"get_datetime", `{}`, "Friday 2 January 2026"},
	} {
		if got, err := run(c.name, c.args); err != nil || !strings.Contains(got, c.want) {
			t.Errorf("%s %s: %q %v", c.name, c.args, got, err)
		}
	}
	for _, c := range [][2]string{{"lookAt", `{"target":"moon"}`}, {"play_clip", `{"name":"moonwalk"}`},
		{"remember", `{"key":"Bad Key","name":"n","description":"d","type":"user","body":"b"}`}, {"setExpression", `{"preset":5}`}} {
		if _, err := run(c[0], c[1]); err == nil {
			t.Errorf("%s %s accepted", c[0], c[1])
		}
	}
	if es, _ := mem.Ranked(context.Background(), memory.Query{}); len(es) != 1 || es[0].Body != "Ada" {
		t.Errorf("memory %+v", es)
	}
	if got := Builtins(Deps{Scene: f}, []string{"wave"}); len(got) != 2 {
		t.Errorf("allow list: %d tools", len(got))
	}
}

func TestRegistrySync(t *testing.T) {
	mk := func(n string) *Tool { return &Tool{Name: n} }
	r := NewRegistry(mk("wave"), mk("mcp__a__x"), mk("speak"), mk("mcp__a__y"), mk("mcp__b__z"))
	r.Sync("mcp__a__", []*Tool{mk("mcp__a__y"), mk("mcp__a__w"), mk("intruder")})
	if got := strings.Join(r.Names(), " "); got != "wave speak mcp__b__z mcp__a__y mcp__a__w" {
		t.Errorf("after sync: %s", got)
	}
	if _, ok := r.Get("mcp__a__x"); ok {
		t.Error("a withdrawn tool is still callable")
	}
	r.Sync("mcp__b__", nil)
	if len(r.All()) != 4 || len(r.Specs()) != 4 {
		t.Errorf("after withdrawing b: %v", r.Names())
	}
}

// TestScenePublishes: the scene tools announce what they did with the
// seed's events, marked with the tool as their source; a failed command
// announces nothing.
func TestScenePublishes(t *testing.T) {
	bus := protocol.New("t")
	sub := bus.Subscribe(protocol.Gesture, protocol.LookAt, protocol.Emote)
	reg := NewRegistry(Builtins(Deps{Scene: &scene.Fake{}, Bus: bus}, nil)...)
	for _, c := range []struct{ name, args string }{
		{"wave", `{"duration_ms":1000}`}, {"lookAt", `{"target":"user"}`}, {"play_clip", `{"name":"nod"}`},
		{"setExpression", `{"preset":"happy","intensity":0.5}`}, {"lookAt", `{"target":"moon"}`},
	} {
		tl, _ := reg.Get(c.name)
		_, _ = tl.Run(context.Background(), json.RawMessage(c.args))
	}
	var got []string
	sub.Drain(10, func(e protocol.Event) { got = append(got, string(e.Type)+":"+e.SourceSkill) })
	if strings.Join(got, " ") != "gesture:wave look-at:lookAt gesture:play_clip emote:setExpression" {
		t.Errorf("events %v", got)
	}
}

// TestCacheScopes: each scope keeps its own number of entries.
func TestCacheScopes(t *testing.T) {
	c := &Cache{}
	for i := range 40 {
		c.PutIn(ScopePageFetch, "page"+strconv.Itoa(i), "p", time.Hour)
	}
	c.PutIn(ScopeWebSearch, "search", "s", time.Hour)
	for i := range 10 {
		c.PutIn(ScopePageFetch, "more"+strconv.Itoa(i), "p", time.Hour)
	}
	if _, ok := c.Get("page9"); ok {
		t.Error("page_fetch kept more than its 30 entries")
	}
	if _, ok := c.Get("more9"); !ok {
		t.Error("the newest page was evicted")
	}
	if _, ok := c.Get("search"); !ok {
		t.Error("pages pushed a search result out")
	}
}
