package skill

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
)

// BenchmarkInstructionSkill measures one call of an instruction-only skill
// through the executor: gate decision and tool-call record, perform-skill,
// schema check, handler, skill-done on a bus with a subscriber. It reports
// the median and 99th percentile of single calls (target: p50 well under 2 ms).
func BenchmarkInstructionSkill(b *testing.B) {
	bus := protocol.New("bench")
	sub := bus.Subscribe()
	defer sub.Close()
	dir := b.TempDir()
	writeBundle(b, dir, "steps", "inputSchema: {type: object, properties: {topic: {type: string}}, required: [topic]}\n")
	s, problems := Load(context.Background(), Config{Bus: bus, Manifest: manifestOf(dir, "steps")})
	if len(problems) > 0 {
		b.Fatal(problems)
	}
	defer s.Close()
	e := &tools.Executor{Tools: tools.NewRegistry(s.Tools()...), Gate: &tools.Gate{Bus: bus}, Bus: bus}
	calls := []llm.ToolCall{{ID: "1", Name: "steps", Args: json.RawMessage(`{"topic":"tea"}`)}}
	ctx := context.Background()
	var times []time.Duration
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		if out := e.Run(ctx, calls); out[0].Failed {
			b.Fatal(out[0].Result.Content)
		}
		times = append(times, time.Since(start))
		sub.Drain(100, func(protocol.Event) {})
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "p50-ns")
	b.ReportMetric(float64(times[len(times)*99/100].Nanoseconds()), "p99-ns")
}
