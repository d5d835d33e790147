package cascade

import (
	"context"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/voice/aec"
	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/cascade/cascadetest"
	"github.com/kin-companion/kin/agent/voice/espeak"
	"github.com/kin-companion/kin/agent/voice/realtime"
	rt "github.com/kin-companion/kin/agent/voice/realtime/realtimetest"
)

// latencyTurns runs n spoken turns through the cascade against the loopback
// speech fake (STT and TTS over HTTP), a brain streaming its reply a word every
// 15 ms, and the echo canceller on the microphone, as kin runs it. It returns
// the turns' timing and what the bus carried.
func latencyTurns(t testing.TB, n int) ([]realtime.TurnStats, []protocol.VoiceTurnPayload) {
	heard := make([]string, n)
	for i := range heard {
		heard[i] = "What time is it?"
	}
	srv := cascadetest.New("k", heard...)
	defer srv.Close()
	bus := protocol.New("kin")
	sub := bus.Subscribe(protocol.VoiceTurn)
	defer sub.Close()
	player := audio.NewPlayer(audio.PlaybackRate, nil)
	ref, err := aec.NewReference(audio.PlaybackRate, audio.CaptureRate)
	if err != nil {
		t.Fatal(err)
	}
	player.SetTap(ref.Write)
	stats := &realtime.Stats{}
	p := &Pipeline{STT: &OpenAISTT{BaseURL: srv.BaseURL(), APIKey: "k"}, Brain: &brain{replies: []string{"It is ten. Time for tea."}},
		TTS: &OpenAITTS{BaseURL: srv.BaseURL(), APIKey: "k"}, Playback: player, Bus: bus,
		Echo: aec.NewEcho(ref, player.RecentLevel)}
	pcm := rt.Silence(300 * time.Millisecond)
	q := rt.Speech(t, "What time is it?", espeak.Options{Voice: "en-us"})
	for range n {
		pcm = append(pcm, q...)
		pcm = append(pcm, rt.Silence(3*time.Second)...) // the reply plays out
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	dev, stop := context.WithCancel(ctx)
	defer stop()
	rt.Play(dev, player)
	if err := p.Run(realtime.WithStats(ctx, stats), rt.Mic(ctx, pcm)); err != nil {
		t.Fatal(err)
	}
	var pub []protocol.VoiceTurnPayload
	sub.Drain(100, func(e protocol.Event) { pub = append(pub, e.Payload.(protocol.VoiceTurnPayload)) })
	return stats.Turns(), pub
}

// TestTurnLatency: every cascaded turn is timed from the end of the user's
// speech to the first reply sample played, split into kin's stages, kin's own
// end-of-turn wait and the providers' share (STT, the model's first token and
// sentence, the TTS's first audio); each turn is published on the bus; kin's
// own share stays within 30 ms at p95.
func TestTurnLatency(t *testing.T) {
	got, pub := latencyTurns(t, 4)
	if len(got) != 4 {
		t.Fatalf("%d turns timed, want 4", len(got))
	}
	for i, ts := range got {
		t.Logf("turn %d: %s", i+1, ts)
		sh := ts.Share
		if ts.Total <= 0 || ts.Provider <= 0 || ts.Provider > ts.Total || sh.STT <= 0 || sh.FirstToken <= 0 || sh.FirstAudio <= 0 {
			t.Errorf("turn %d: implausible split %s", i+1, ts)
		}
		// The VAD waits out 500 ms of silence (a quarter of it at the test's speed).
		if ts.Wait < 500*time.Millisecond/rt.Speed-40*time.Millisecond {
			t.Errorf("turn %d: end-of-turn wait %v is shorter than the VAD's", i+1, ts.Wait)
		}
		// The brain streams a word every 15 ms: "It is ten." is three words.
		if ts.Share.FirstToken+ts.Share.FirstSentence < 40*time.Millisecond {
			t.Errorf("turn %d: the model's first sentence took %v, less than the fake brain's", i+1, ts.Share.FirstToken+ts.Share.FirstSentence)
		}
	}
	if len(pub) != len(got) {
		t.Fatalf("%d voice-turn events on the bus, want %d", len(pub), len(got))
	}
	if p := pub[0]; p.Path != "cascade" || p.TotalMs <= 0 || p.STTMs <= 0 || p.WaitMs <= 0 || p != got[0].Payload("cascade") {
		t.Errorf("bus event %+v, want the first turn %s", p, got[0])
	}
	// A timed assertion fails on a busy machine: the ≤ 30 ms target is
	// BenchmarkTurnLatency's kin-p95-ms.
	t.Logf("kin's share p95 = %v", realtime.Percentile(got, 95, realtime.TurnStats.Kin))
}

// BenchmarkTurnLatency reports kin's share of a cascaded turn's latency (p50,
// p95), the total and the providers' parts, against the loopback fakes. Run
// with -benchtime=20x.
func BenchmarkTurnLatency(b *testing.B) {
	var all []realtime.TurnStats
	for b.Loop() {
		got, _ := latencyTurns(b, 1)
		all = append(all, got...)
	}
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	p95 := func(f func(realtime.TurnStats) time.Duration) float64 { return ms(realtime.Percentile(all, 95, f)) }
	b.ReportMetric(ms(realtime.Percentile(all, 50, realtime.TurnStats.Kin)), "kin-p50-ms")
	b.ReportMetric(p95(realtime.TurnStats.Kin), "kin-p95-ms")
	b.ReportMetric(p95(func(t realtime.TurnStats) time.Duration { return t.Total }), "total-p95-ms")
	b.ReportMetric(p95(func(t realtime.TurnStats) time.Duration { return t.Wait }), "wait-p95-ms")
	b.ReportMetric(p95(func(t realtime.TurnStats) time.Duration { return t.Share.STT }), "stt-p95-ms")
	b.ReportMetric(p95(func(t realtime.TurnStats) time.Duration { return t.Share.FirstToken }), "llm-first-token-p95-ms")
	b.ReportMetric(p95(func(t realtime.TurnStats) time.Duration { return t.Share.FirstAudio }), "tts-first-audio-p95-ms")
	for s := realtime.Capture; s < realtime.NumStages; s++ {
		b.ReportMetric(p95(func(t realtime.TurnStats) time.Duration { return t.Stages[s] }), s.String()+"-p95-ms")
	}
}
