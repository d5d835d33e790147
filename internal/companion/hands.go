package companion

import (
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/web"
	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/internal/settings"
)

// hands are the tools beyond the character's own: asking the user,
// changing voices, and acting on the computer and the web. Every one runs
// through the companion's permission gate.
func (c *Companion) hands(o Options, set settings.Settings) []*tools.Tool {
	ts := []*tools.Tool{tools.AskUser(o.Asker), tools.ChangeVoice(c.voice)}
	wc, err := webConfig(o, set)
	if err != nil {
		c.Warnings = append(c.Warnings, err.Error())
	}
	ts = append(ts, web.Tools(wc)...)
	return ts
}

// webConfig is the web tools' setup: the environment, then the settings
// file for what the environment leaves out.
func webConfig(o Options, set settings.Settings) (web.Config, error) {
	cfg, err := web.ConfigFromEnv(o.getenv())
	if cfg.SearxURL == "" {
		cfg.SearxURL = set.SearxngURL
	}
	if cfg.Location == nil && set.Location != nil {
		l := set.Location
		cfg.Location = &web.Location{Name: l.Name, Latitude: l.Latitude, Longitude: l.Longitude, Timezone: l.Timezone}
	}
	if cfg.Units == "" {
		cfg.Units = set.Units
	}
	return cfg, err
}

// switcher lets change_voice reach a realtime session.
type switcher struct {
	s      *realtime.Session
	voices []string
}

// SwitchVoice implements tools.VoiceSwitcher.
func (w switcher) SwitchVoice(v string) { w.s.SwitchVoice(v) }

// Voices implements tools.VoiceSwitcher.
func (w switcher) Voices() []string { return w.voices }

// voicesOf lists the voices of a realtime path, as the providers name them.
func voicesOf(path string) []string {
	if path == VoiceGemini {
		return []string{"Puck", "Charon", "Kore", "Fenrir", "Aoede", "Leda", "Orus", "Zephyr"}
	}
	return []string{"alloy", "ash", "ballad", "coral", "echo", "sage", "shimmer", "verse", "marin", "cedar"}
}
