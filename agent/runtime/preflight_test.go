package runtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/manifest"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/tools"
	agentmem "github.com/kin-companion/kin/internal/agentmem"
)

const plannerMark = "You plan the next turn"

func withPreflight(p runtime.Preflight) option { return func(c *runtime.Config) { c.Preflight = p } }

// TestPlannerTimeoutFailsOpen: a planner that never answers costs the
// default 2 s budget and no more; the turn goes on without a plan.
func TestPlannerTimeoutFailsOpen(t *testing.T) {
	for _, b := range backends[:2] {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			g := newRig(t, b, false, func(_ int, s pt.Seen) pt.Reply {
				if strings.Contains(s.System, plannerMark) {
					return pt.Reply{Hang: true}
				}
				return pt.Reply{Text: "Hello!"}
			}, withPreflight(runtime.DefaultPreflight()))
			start := time.Now()
			final, _, err := g.ask(t, "hi")
			took := time.Since(start)
			if err != nil || final != "Hello!" {
				t.Fatalf("%q %v", final, err)
			}
			if took < 1900*time.Millisecond || took > 3*time.Second {
				t.Errorf("turn took %v, want about the 2 s budget", took)
			}
			seen := g.srv.Seen()
			if len(seen) != 2 || strings.Contains(seen[1].System, "<plan>") {
				t.Errorf("%d requests; answer system:\n%s", len(seen), seen[len(seen)-1].System)
			}
		})
	}
}

// TestPlannerHintAndPrefetch: the plan joins the system prompt; the
// read-only cacheable call it marks runs early, once, and answers the
// model's own call from the cache; calls that change things are never
// prefetched, and switching the step off keeps them all in place.
func TestPlannerHintAndPrefetch(t *testing.T) {
	plan := `Sure: {"steps":["look up the weather in Oslo","answer briefly"],"tools":["weather"],` +
		`"prefetch":[{"tool":"weather","args":{"q":"Oslo"}},{"tool":"send_mail","args":{"q":"x"}},{"tool":"nope"}]}`
	for _, prefetch := range []bool{true, false} {
		t.Run(fmt.Sprint("prefetch=", prefetch), func(t *testing.T) {
			each(t, func(t *testing.T, b backend, stream bool) {
				var weather, mail atomic.Int32
				wt := textTool("weather", tools.Meta{ReadOnly: true, Cacheable: true}, func(json.RawMessage) (string, error) {
					weather.Add(1)
					time.Sleep(40 * time.Millisecond)
					return "Oslo: 4 °C, rain", nil
				})
				mt := textTool("send_mail", tools.Meta{Cacheable: true}, func(json.RawMessage) (string, error) { mail.Add(1); return "sent", nil })
				g := newRig(t, b, stream, func(_ int, s pt.Seen) pt.Reply {
					if strings.Contains(s.System, plannerMark) {
						return pt.Reply{Text: plan}
					}
					if s.Messages[len(s.Messages)-1].Role == llm.User {
						return pt.Reply{Calls: []pt.Call{{Name: "weather", Args: `{"q": "Oslo"}`}}}
					}
					return pt.Reply{Text: "4 °C and rain."}
				}, withTool(wt), withTool(mt), withPreflight(runtime.Preflight{Planner: true, Prefetch: prefetch}))
				if final, _, err := g.ask(t, "weather in Oslo?"); err != nil || final != "4 °C and rain." {
					t.Fatalf("%q %v", final, err)
				}
				seen := g.srv.Seen()
				if len(seen) != 3 || len(seen[0].Tools) != 0 || !strings.Contains(seen[0].Messages[0].Text, "- weather: Test tool weather.") {
					t.Fatalf("planner request: %d requests, tools %v", len(seen), seen[0].Tools)
				}
				sys := seen[1].System
				if !strings.Contains(sys, "<plan>") || !strings.Contains(sys, "1. look up the weather in Oslo") || !strings.Contains(sys, "Likely tools: weather") {
					t.Errorf("no plan in the system prompt:\n%s", sys)
				}
				if got := strings.Contains(sys, `Already started for you (call them as usual; the results come at once): weather {"q":"Oslo"}`+"\n"); got != prefetch {
					t.Errorf("prefetch line present %v:\n%s", got, sys)
				}
				if weather.Load() != 1 || mail.Load() != 0 {
					t.Errorf("weather ran %d times, send_mail %d", weather.Load(), mail.Load())
				}
				if r := lastResults(t, seen[2])[0]; r.Content != "Oslo: 4 °C, rain" {
					t.Errorf("result %+v", r)
				}
			})
		})
	}
}

// TestRelevantMemories: with preflight memories on, a memory the message
// is about leads the block even when many more salient ones would have
// crowded it out.
func TestRelevantMemories(t *testing.T) {
	now := time.Date(2026, 3, 14, 15, 0, 0, 0, time.UTC)
	ctx := context.Background()
	clock := now.Add(-90 * 24 * time.Hour)
	mem := agentmem.NewSession(func() time.Time { return clock })
	_ = mem.Upsert(ctx, "guitar_strings", "Guitar strings", "gear", "project", "The user plays a 1972 Martin guitar with light bronze strings.")
	clock = now
	for i := range 80 {
		_ = mem.Upsert(ctx, fmt.Sprintf("pref_%02d", i), fmt.Sprintf("Preference %d", i), "likes", "feedback",
			fmt.Sprintf("The user prefers option %d for their morning routine.", i))
	}
	for _, tc := range []struct {
		name    string
		on      bool
		message string
		want    bool
	}{
		{"on, about guitars", true, "Which strings should I buy for my guitar?", true},
		{"off, about guitars", false, "Which strings should I buy for my guitar?", false},
		{"on, unrelated", true, "What time is it?", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			man := manifest.Default()
			man.Memory.MaxTokens = 400
			rt := runtime.New(runtime.Config{Manifest: man, Memory: mem, Now: func() time.Time { return now },
				Preflight: runtime.Preflight{Memories: tc.on}})
			p := runtime.ComposeForMessage(rt, ctx, tc.message)
			if got := strings.Contains(p, "<memory>\n- [project] guitar_strings — Guitar strings"); got != tc.want {
				t.Errorf("guitar memory first: %v, want %v\n%s", got, tc.want, p)
			}
			if !strings.Contains(p, "Preference") {
				t.Error("the top-ranked memories are gone")
			}
		})
	}
}
