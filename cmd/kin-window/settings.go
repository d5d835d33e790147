package main

import (
	"flag"
	"strconv"

	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/engine"
	"github.com/kin-companion/kin/internal/companion"
	"github.com/kin-companion/kin/internal/settings"
)

// presetFlags gives the window's flags the settings file's values before
// the command line is read, so that a flag overrides its setting for one
// run. A file that does not parse is reported by the companion at start.
func presetFlags(fs *flag.FlagSet, s settings.Settings) {
	preset := func(name, v string) {
		if f := fs.Lookup(name); f != nil && v != "" {
			f.Value.Set(v)
		}
	}
	preset("model", s.Character)
	if s.FPS > 0 {
		preset("fps", strconv.Itoa(s.FPS))
	}
	switch s.Mode {
	case "overlay":
		preset("overlay", "true")
	case "desktop":
		preset("overlay", "desktop")
	}
	preset("talk-key", s.TalkKey)
	preset("voice", s.Voice)
	preset("mic", s.Microphone)
	preset("speaker", s.Speaker)
	preset("wake", s.WakeWord)
	preset("tts", s.TTS)
}

// manifestVoice fills what neither a flag nor the settings file chose from
// the manifest's voice block: the cascaded speech and the voice's name.
func manifestVoice(fs *flag.FlagSet, s settings.Settings, man *manifest.Manifest, vf *voiceFlags) {
	tts, name := companion.ManifestVoice(man.Voice)
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if tts != "" && !given["tts"] && s.TTS == "" {
		vf.tts = tts
	}
	vf.voiceName = s.VoiceName
	if vf.voiceName == "" {
		vf.voiceName = name
	}
}

// settingsPanel is the window's settings panel's view of the settings
// file: rows from settings.Fields, changes saved with settings.Update.
type settingsPanel struct {
	path    string
	c       *companion.Companion // for the voice name of a running conversation
	mic     string               // the microphone the wake word is recorded with
	dir     string               // wake word templates ("": wakeword.DefaultDir)
	capture captureFunc          // the microphone (nil: the sound card's)
	speaker func(string) error   // moves the conversation's sound to a speaker (nil: voice is off)
}

// Rows implements engine.SettingsSource.
func (p settingsPanel) Rows() []engine.SettingRow {
	f, err := settings.Open(p.path)
	var s settings.Settings
	if err == nil {
		s = f.Settings
	}
	rows := make([]engine.SettingRow, 0, len(settings.Fields))
	for _, fl := range settings.Fields {
		r := engine.SettingRow{Key: fl.Key, Label: fl.Key, Value: fl.Get(&s), Choices: fl.Choices, Help: fl.Doc}
		switch fl.Kind {
		case settings.Toggle:
			r.Kind = engine.RowToggle
		case settings.Choice:
			r.Kind = engine.RowChoice
		case settings.Number:
			r.Kind = engine.RowNumber
		}
		if fl.Key == "wakeWord" {
			r.Actions = []string{actRecord, actTest}
			r.Help += "; R records it (" + strconv.Itoa(wakeTakes) + " takes), T tests it"
		}
		rows = append(rows, r)
	}
	return rows
}

// Set implements engine.SettingsSource; the voice name also changes the
// voice of a realtime conversation running now, and the speaker the device
// it plays on (a speaker that is not there is an error saying so, while the
// default one plays; the setting is saved all the same).
func (p settingsPanel) Set(key, value string) (bool, error) {
	fl, ok := settings.Lookup(key)
	if !ok {
		return false, nil
	}
	if err := settings.Update(p.path, func(s *settings.Settings) error { return fl.Set(s, value) }); err != nil {
		return false, err
	}
	if key == "voiceName" && p.c != nil {
		return p.c.SwitchVoice(value), nil
	}
	if key == "speaker" && p.speaker != nil {
		if err := p.speaker(value); err != nil {
			return false, savedBut{err}
		}
		return true, nil
	}
	return false, nil
}

// savedBut is a setting saved that could not take effect as asked; its text
// is the panel's status line.
type savedBut struct{ err error }

func (e savedBut) Error() string { return "Saved. " + e.err.Error() }
func (e savedBut) Unwrap() error { return e.err }
