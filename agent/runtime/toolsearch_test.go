package runtime_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/tools"
)

// addServerTools registers n MCP-style tools, as MCP sync does while kin
// runs, plus one weather forecast tool that counts its calls.
func addServerTools(reg *tools.Registry, n int, ran *atomic.Int32) {
	for i := range n {
		reg.Add(textTool(fmt.Sprintf("mcp__srv%d__action_%d", i%10, i), tools.Meta{ReadOnly: true},
			func(json.RawMessage) (string, error) { return "done", nil }))
	}
	w := textTool("mcp__weather__forecast", tools.Meta{ReadOnly: true}, func(a json.RawMessage) (string, error) {
		ran.Add(1)
		return "sunny, 21°C", nil
	})
	w.Description = "Get the weather forecast for a city."
	reg.Add(w)
}

func TestToolSearchDefersLargeRegistries(t *testing.T) {
	each(t, func(t *testing.T, b backend, stream bool) {
		g := newRig(t, b, stream, pt.Script(
			pt.Reply{Calls: []pt.Call{{ID: "c1", Name: "tool_search", Args: `{"query":"weather forecast"}`}}},
			pt.Reply{Calls: []pt.Call{{ID: "c2", Name: "mcp__weather__forecast", Args: `{"q":"Oslo"}`}}},
			pt.Reply{Text: "Sunny in Oslo."},
			pt.Reply{Text: "Hello again."},
		))
		var ran atomic.Int32
		addServerTools(g.rt.Registry(), 300, &ran)
		if final, _, err := g.ask(t, "weather in Oslo?"); err != nil || final != "Sunny in Oslo." {
			t.Fatalf("turn = %q, %v", final, err)
		}
		if _, _, err := g.ask(t, "hi"); err != nil {
			t.Fatal(err)
		}
		seen := g.srv.Seen()
		if len(seen) != 4 || ran.Load() != 1 {
			t.Fatalf("%d requests, forecast ran %d times; want 4 and 1", len(seen), ran.Load())
		}
		first := seen[0].Tools
		if !slices.Contains(first, "tool_search") || !slices.Contains(first, "wave") || len(first) > runtime.DefaultToolLimit {
			t.Errorf("first request carries %d tools %v; want the core set and tool_search", len(first), first)
		}
		for i, s := range seen {
			has := slices.Contains(s.Tools, "mcp__weather__forecast")
			if want := i == 1 || i == 2; has != want {
				t.Errorf("request %d carries the forecast tool: %v, want %v", i, has, want)
			}
			if n := countPrefix(s.Tools, "mcp__"); n > 1 {
				t.Errorf("request %d carries %d server tools", i, n)
			}
		}
		if r := lastResults(t, seen[1]); !strings.Contains(r[0].Content, "mcp__weather__forecast") {
			t.Errorf("search result: %q", r[0].Content)
		}
	})
}

func TestToolSearchOffSmallRegistry(t *testing.T) {
	g := newRig(t, backends[1], false, pt.Script(pt.Reply{Text: "hi"}))
	var ran atomic.Int32
	addServerTools(g.rt.Registry(), 5, &ran)
	if _, _, err := g.ask(t, "hi"); err != nil {
		t.Fatal(err)
	}
	s := g.srv.Seen()[0].Tools
	if slices.Contains(s, "tool_search") || countPrefix(s, "mcp__") != 6 {
		t.Errorf("small registry: request carries %v; want every tool and no tool_search", s)
	}
}

func TestToolSearchDisabled(t *testing.T) {
	g := newRig(t, backends[1], false, pt.Script(pt.Reply{Text: "hi"}),
		func(c *runtime.Config) { c.ToolSearch.Limit = -1 })
	var ran atomic.Int32
	addServerTools(g.rt.Registry(), 100, &ran)
	if _, _, err := g.ask(t, "hi"); err != nil {
		t.Fatal(err)
	}
	s := g.srv.Seen()[0].Tools
	if slices.Contains(s, "tool_search") || countPrefix(s, "mcp__") != 101 {
		t.Errorf("disabled: request carries %d tools; want all 101 server tools and no tool_search", len(s))
	}
}

func countPrefix(names []string, prefix string) int {
	n := 0
	for _, s := range names {
		if strings.HasPrefix(s, prefix) {
			n++
		}
	}
	return n
}

// BenchmarkOfferedTools300 is the per-round cost of choosing the tools a
// request carries from a registry of 300 server tools.
func BenchmarkOfferedTools300(b *testing.B) {
	rt := runtime.New(runtime.Config{})
	var ran atomic.Int32
	addServerTools(rt.Registry(), 300, &ran)
	b.ReportAllocs()
	for b.Loop() {
		if n := len(rt.OfferedSpecs()); n > runtime.DefaultToolLimit {
			b.Fatalf("%d tools offered", n)
		}
	}
}
