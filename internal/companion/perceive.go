package companion

import (
	"context"
	"os"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/perceive"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/provider/null"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/internal/settings"
)

// perception is ambient perception (opt-in, ambientPerception in the
// settings): observe_screen for the model, and a watcher that lets the
// character offer help once when the screen has stood still while the
// user is there, or an error dialog appears. It needs an X display and a
// model that can see; without them it stays off.
func (c *Companion) perception(ctx context.Context, o Options, set settings.Settings, hands []*tools.Tool) []*tools.Tool {
	if !set.AmbientPerception || null.Is(c.Choice.Provider) {
		return nil
	}
	shot := perceive.ScreenshotTool(hands)
	if shot == nil {
		return nil
	}
	p := c.Choice.Provider
	ts := perceive.Tools(perceive.Config{Screenshot: shot, Vision: perceive.ProviderDescriber{Provider: p}, VisionName: p.Name()})
	still := time.Duration(set.AmbientStillMinutes) * time.Minute
	c.Watcher = perceive.NewWatcher(perceive.WatchConfig{Probe: perceive.NewX(os.Getenv("DISPLAY"), shot), Still: still, Log: o.Logger})
	return ts
}

// runWatcher starts watching once the runtime that answers offers exists.
func (c *Companion) runWatcher(ctx context.Context, o Options) {
	if c.Watcher != nil {
		go func() { _ = c.Watcher.Run(ctx, func(off perceive.Offer) { c.offerHelp(ctx, o, off) }) }()
	}
}

// offerHelp lets the model decide, in one short turn, whether and how to
// offer help for what the watcher saw; its answer is said.
func (c *Companion) offerHelp(ctx context.Context, o Options, off perceive.Offer) {
	prompt := "[ambient perception, not the user speaking] " + off.Text +
		" If help seems welcome, offer it in one short, friendly sentence; otherwise answer with nothing."
	text := strings.TrimSpace(c.runPrompt(ctx, prompt))
	if text == "" {
		return
	}
	c.Bus.Emit(protocol.SpeakPayload{Text: text})
	if o.Remind != nil {
		o.Remind(text)
	}
}
