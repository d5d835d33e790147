package companion

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/internal/settings"
)

// UserSettings reads the settings file; a file that does not parse gives
// the defaults and its error (naming the file and line) to show the user.
func UserSettings() (settings.Settings, error) {
	p, err := settings.DefaultPath()
	if err != nil {
		return settings.Settings{}, err
	}
	return settings.Load(p)
}

// KeyedGetenv is getenv (nil: os.Getenv) with the API keys stored by
// `kin settings set-key` filling in unset key variables.
func KeyedGetenv(getenv func(string) string) func(string) string {
	k, err := settings.DefaultKeys()
	if err != nil {
		return getenv
	}
	return k.Getenv(getenv)
}

// applySettings puts the settings file's name and persona over the
// manifest's.
func applySettings(man *manifest.Manifest, s settings.Settings) {
	if s.Name != "" {
		man.Name = s.Name
	}
	if s.Persona != "" {
		man.Brain.Instructions = strings.TrimSpace(man.Brain.Instructions + "\n\n" + s.Persona)
	}
}

// ManifestVoice is the manifest's voice block as kin uses it: the cascaded
// speech engine (tts.provider) and the voice (tts.voiceId or voice.name).
// Unknown providers (e.g. "browser") give "".
func ManifestVoice(raw json.RawMessage) (tts, voiceName string) {
	var v struct {
		Name string `json:"name"`
		TTS  struct {
			Provider string `json:"provider"`
			VoiceID  string `json:"voiceId"`
			Voice    string `json:"voice"`
		} `json:"tts"`
	}
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return "", ""
	}
	if slices.Contains(settings.TTSEngines, v.TTS.Provider) {
		tts = v.TTS.Provider
	}
	return tts, first(v.TTS.VoiceID, v.TTS.Voice, v.Name)
}

// allowList answers the gate's "always allowed" question for the tools
// the settings file lists, and asks the store for the rest.
type allowList struct {
	tools []string
	next  interface {
		Granted(tool, scope string) (bool, error)
		Grant(tool, scope string) error
	}
}

// Granted implements tools.Grants.
func (a allowList) Granted(tool, scope string) (bool, error) {
	if slices.Contains(a.tools, tool) {
		return true, nil
	}
	if a.next == nil {
		return false, nil
	}
	return a.next.Granted(tool, scope)
}

// Grant implements tools.Grants.
func (a allowList) Grant(tool, scope string) error {
	if a.next == nil {
		return errors.New("memory is off, so kin cannot remember this answer")
	}
	return a.next.Grant(tool, scope)
}

// SwitchVoice changes the voice of the realtime conversation running now
// (the settings panel's voice name); false when none runs, and the name
// takes effect at the next conversation.
func (c *Companion) SwitchVoice(name string) bool {
	s := c.live.Load()
	if s == nil || name == "" {
		return false
	}
	s.SwitchVoice(name)
	return true
}
