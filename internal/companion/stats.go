package companion

import (
	"maps"

	"github.com/kin-companion/kin/agent/protocol"
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
