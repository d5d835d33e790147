package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/device"
	"github.com/kin-companion/kin/engine"
	"github.com/kin-companion/kin/internal/settings"
)

// windowFlags defines the window's flags that settings preset.
func windowFlags() (*flag.FlagSet, map[string]*string, *overlayFlag, *int, *voiceFlags) {
	fs := flag.NewFlagSet("kin", flag.ContinueOnError)
	s := map[string]*string{"model": fs.String("model", "", ""), "talk-key": fs.String("talk-key", "", "")}
	fps := fs.Int("fps", 0, "")
	var ov overlayFlag
	fs.Var(&ov, "overlay", "")
	var vf voiceFlags
	fs.StringVar(&vf.path, "voice", "auto", "")
	fs.StringVar(&vf.mic, "mic", "", "")
	fs.StringVar(&vf.speaker, "speaker", "", "")
	fs.StringVar(&vf.wake, "wake", "", "")
	fs.DurationVar(&vf.wakeTimeout, "wake-timeout", 20*time.Second, "")
	fs.StringVar(&vf.tts, "tts", "espeak", "")
	return fs, s, &ov, fps, &vf
}

// TestPresetFlags: the settings file fills the flags, a flag given wins,
// and the manifest's voice block fills what neither chose.
func TestPresetFlags(t *testing.T) {
	set := settings.Settings{Character: "/c/ada.vrm", FPS: 24, Mode: "desktop", TalkKey: "F9", Voice: "cascade",
		Microphone: "USB", Speaker: "Headphones", WakeWord: "hey-ada"}
	man := &manifest.Manifest{Voice: []byte(`{"tts": {"provider": "elevenlabs", "voiceId": "v123"}}`)}
	fs, s, ov, fps, vf := windowFlags()
	presetFlags(fs, set)
	if err := fs.Parse([]string{"--fps", "60", "--mic", "Built-in"}); err != nil {
		t.Fatal(err)
	}
	manifestVoice(fs, set, man, vf)
	if *s["model"] != "/c/ada.vrm" || *fps != 60 || !ov.desktop || *s["talk-key"] != "F9" || vf.path != "cascade" ||
		vf.mic != "Built-in" || vf.speaker != "Headphones" || vf.wake != "hey-ada" || vf.tts != "elevenlabs" || vf.voiceName != "v123" {
		t.Errorf("model %q fps %d overlay %+v key %q voice %+v", *s["model"], *fps, *ov, *s["talk-key"], *vf)
	}
	fs, _, _, _, vf = windowFlags()
	set.TTS, set.VoiceName = "openai", "coral"
	presetFlags(fs, set)
	fs.Parse(nil)
	manifestVoice(fs, set, man, vf)
	if vf.tts != "openai" || vf.voiceName != "coral" || ttsVoice(*vf) != "coral" {
		t.Errorf("settings over the manifest: %+v", *vf)
	}
}

// TestSettingsPanelSource: the panel's rows come from config.yaml and a
// change is saved there with the user's comments.
func TestSettingsPanelSource(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	os.WriteFile(path, []byte("# mine\nfps: 30\n"), 0o600)
	p := settingsPanel{path: path}
	rows := p.Rows()
	if len(rows) != len(settings.Fields) {
		t.Fatalf("%d rows", len(rows))
	}
	kinds := map[string]engine.RowKind{}
	for _, r := range rows {
		kinds[r.Key] = r.Kind
		if r.Key == "fps" && r.Value != "30" {
			t.Errorf("fps row %+v", r)
		}
	}
	if kinds["micMuted"] != engine.RowToggle || kinds["mode"] != engine.RowChoice || kinds["fps"] != engine.RowNumber || kinds["name"] != engine.RowText {
		t.Errorf("kinds %v", kinds)
	}
	if applied, err := p.Set("voiceName", "coral"); err != nil || applied {
		t.Errorf("voiceName with no conversation: %v %v", applied, err)
	}
	if _, err := p.Set("fps", "999"); err == nil {
		t.Error("fps 999 saved")
	}
	if data, _ := os.ReadFile(path); !strings.HasPrefix(string(data), "# mine\nfps: 30\n") || !strings.Contains(string(data), "voiceName: coral") {
		t.Errorf("file:\n%s", data)
	}
}

// TestSettingsPanelSpeaker: setting the speaker moves a running
// conversation's sound to it at once (here between miniaudio's null
// backend's speaker and a name that is not there); either way the setting is
// saved.
func TestSettingsPanelSpeaker(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	spk, _, err := device.OpenSpeaker(audio.NewPlayer(audio.PlaybackRate, nil), device.PlaybackOptions{Null: true})
	if err != nil {
		t.Fatal(err)
	}
	defer spk.Close()
	v := &voice{speaker: spk}
	p := settingsPanel{path: path, speaker: v.useSpeaker}
	applied, err := p.Set("speaker", "Studio Monitors")
	if err == nil || applied || err.Error() != `Saved. No speaker "Studio Monitors" here; playing on the default, "NULL Playback Device". Speakers here: "NULL Playback Device".` {
		t.Errorf("a speaker that is not there: %v %v", applied, err)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), "speaker: Studio Monitors") {
		t.Errorf("not saved:\n%s", data)
	}
	if applied, err := p.Set("speaker", "null playback"); err != nil || !applied || spk.Name() != "NULL Playback Device" {
		t.Errorf("a speaker that is there: %v %v, playing on %q", applied, err, spk.Name())
	}
	if applied, err := (settingsPanel{path: path}).Set("speaker", "USB"); err != nil || applied {
		t.Errorf("with voice off: %v %v", applied, err)
	}
}
