package companion

import (
	"context"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/provider/providertest"
)

// TestStatsEvents: after each turn the session's run stats go on the bus
// (for the window's F1 panel).
func TestStatsEvents(t *testing.T) {
	srv := providertest.NewOpenAI(t, providertest.Script(
		providertest.Reply{Calls: []providertest.Call{{ID: "c1", Name: "wave", Args: `{}`}}},
		providertest.Reply{Text: "Hello!"},
	), providertest.OpenAI)
	c := start(t, t.TempDir(), srv)
	defer c.Close()
	sub := c.Bus.Subscribe(protocol.Stats)
	finalOf(t, c.Send(context.Background(), "wave at me"))
	run := waitStats(t, sub)
	if run.Run == nil || run.Run.Turns != 1 || run.Run.Rounds != 2 || run.Run.ToolCalls["wave"] != 1 ||
		run.Run.InputTokens != 40 || run.Run.OutputTokens != 20 {
		t.Errorf("run stats on the bus: %+v", run.Run)
	}

}

func waitStats(t *testing.T, sub *protocol.Subscription) protocol.StatsPayload {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var got *protocol.StatsPayload
		sub.Drain(1, func(e protocol.Event) {
			p := e.Payload.(protocol.StatsPayload)
			got = &p
		})
		if got != nil {
			return *got
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("no stats event on the bus")
	return protocol.StatsPayload{}
}
