package companion

import (
	"context"
	"maps"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/voice/realtime"
)

// emitRunStats puts the session's run stats on the bus for the window's
// F1 panel, after each turn.
func (c *Companion) emitRunStats() {
	if c.Runtime == nil {
		return
	}
	s := c.Runtime.Stats()
	c.Bus.Emit(protocol.StatsPayload{Run: &protocol.RunStats{Turns: s.Turns, Rounds: s.Rounds,
		InputTokens: s.InputTokens, OutputTokens: s.OutputTokens, ToolCalls: maps.Clone(s.ToolCalls)}})
}

// timeVoice returns the Stats a realtime conversation times its turns
// into: the one in ctx (kin talk --stats), else a new one; each turn's
// latency also goes on the bus for the F1 panel.
func (c *Companion) timeVoice(ctx context.Context) *realtime.Stats {
	st := realtime.StatsFrom(ctx)
	if st == nil {
		st = &realtime.Stats{}
	}
	prev := st.OnTurn
	st.OnTurn = func(t realtime.TurnStats) {
		if prev != nil {
			prev(t)
		}
		c.Bus.Emit(protocol.StatsPayload{Voice: voiceTurn(t)})
	}
	return st
}

// voiceTurn is t in the protocol's milliseconds.
func voiceTurn(t realtime.TurnStats) *protocol.VoiceTurn {
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	v := &protocol.VoiceTurn{TotalMs: ms(t.Total), ProviderMs: ms(t.Provider)}
	for i, d := range t.Stages {
		v.Stages = append(v.Stages, protocol.StageTime{Name: realtime.Stage(i).String(), Ms: ms(d)})
	}
	return v
}
