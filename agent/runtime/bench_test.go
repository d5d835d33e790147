package runtime_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/runtime"
	agentmem "github.com/kin-companion/kin/internal/agentmem"
)

// instant is a provider that answers at once: one tool round, then text.
type instant struct{}

func (*instant) Name() string { return "instant" }
func (p *instant) Complete(_ context.Context, req *llm.Request) (*llm.Response, error) {
	if last := req.Messages[len(req.Messages)-1]; last.Role == llm.User {
		return &llm.Response{Calls: []llm.ToolCall{{ID: "c1", Name: "get_datetime", Args: []byte(`{}`)}}}, nil
	}
	req.Text("Done.")
	return &llm.Response{Text: "Done."}, nil
}

// BenchmarkRound: the runtime's own overhead for a turn of two rounds
// (one tool round, one answer) with a provider that costs nothing; per op
// is per turn, so per round is half. Each op starts a fresh conversation
// (construction included) so the history does not grow across ops.
func BenchmarkRound(b *testing.B) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		rt := runtime.New(runtime.Config{Provider: &instant{}})
		if _, err := rt.Ask(ctx, "what time is it?"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/2, "ns/round")
}

// BenchmarkCompose150: the system prompt with 150 memories.
func BenchmarkCompose150(b *testing.B) {
	mem := agentmem.NewSession(func() time.Time { return time.Unix(2e9, 0) })
	ctx := context.Background()
	for i := range 150 {
		_ = mem.Upsert(ctx, fmt.Sprintf("fact_%03d", i), fmt.Sprintf("Fact %d", i), "Something the user said",
			memory.Types[i%4], fmt.Sprintf("The user mentioned detail number %d about their work and hobbies.", i))
	}
	rt := runtime.New(runtime.Config{Provider: &instant{}, Memory: mem, Now: func() time.Time { return time.Unix(2e9, 0) }})
	b.ReportAllocs()
	for b.Loop() {
		if s := runtime.ComposeForBench(rt, ctx); len(s) < 1000 {
			b.Fatal("short prompt")
		}
	}
}

// BenchmarkComposeRelevant150: the system prompt with 150 memories when
// preflight puts the ones matching the message first.
func BenchmarkComposeRelevant150(b *testing.B) {
	mem := agentmem.NewSession(func() time.Time { return time.Unix(2e9, 0) })
	ctx := context.Background()
	for i := range 150 {
		_ = mem.Upsert(ctx, fmt.Sprintf("fact_%03d", i), fmt.Sprintf("Fact %d", i), "Something the user said",
			memory.Types[i%4], fmt.Sprintf("The user mentioned detail number %d about their work and hobbies.", i))
	}
	rt := runtime.New(runtime.Config{Provider: &instant{}, Memory: mem, Now: func() time.Time { return time.Unix(2e9, 0) },
		Preflight: runtime.Preflight{Memories: true}})
	b.ReportAllocs()
	for b.Loop() {
		if s := runtime.ComposeForMessage(rt, ctx, "what did I say about my hobbies and detail 42?"); len(s) < 1000 {
			b.Fatal("short prompt")
		}
	}
}
