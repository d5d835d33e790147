package gemini_test

import (
	"context"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/realtime/gemini"
	"github.com/kin-companion/kin/agent/voice/realtime/gemini/geminitest"
	rt "github.com/kin-companion/kin/agent/voice/realtime/realtimetest"
)

// TestFaults runs the realtime fault cases (realtimetest.FaultCases) through a
// fault proxy in front of the Gemini Live fake.
func TestFaults(t *testing.T) {
	for _, fc := range rt.FaultCases("setupComplete", "outputTranscription") {
		// Not parallel: the cases finish before the timing tests (parallel) start,
		// so they do not load kin's measured stages.
		t.Run(fc.Name, func(t *testing.T) {
			h := newHarness(t, geminitest.Turn{Heard: "What time is it?", Say: "It is ten o'clock, time for tea."})
			px := rt.NewFaultProxy(t, h.srv.WSURL(), fc.Fault)
			h.session.Dialer = &gemini.Dialer{URL: px.WSURL(), APIKey: "g-key"}
			fc.Setup(h.session)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			dev, stop := context.WithCancel(ctx)
			defer stop()
			rt.Play(dev, h.player)
			err := h.session.Run(ctx, rt.Mic(ctx, speech(t, "What time is it?")))
			h.mu.Lock()
			transcripts := append([]string(nil), h.transcripts...)
			h.mu.Unlock()
			fc.Check(t, rt.FaultResult{Err: err, Connections: px.Connections(), Waits: h.sleep.Waits(),
				Transcripts: transcripts, History: h.session.History(), Provider: "Gemini Live"})
		})
	}
}
