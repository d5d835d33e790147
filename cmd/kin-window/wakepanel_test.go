package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
	"github.com/kin-companion/kin/agent/voice/wakeword"
)

const wakePhrase = "Hey Mika"

// speech is espeak-ng saying text in voice, with 700 ms of quiet either
// side, at the microphone's rate.
func speech(t *testing.T, text string, voice string, wpm int) []int16 {
	t.Helper()
	if !espeak.Available() {
		t.Skip("espeak-ng not installed (make deps-test installs it)")
	}
	c, err := espeak.Synthesize(context.Background(), text, espeak.Options{Voice: voice, WPM: wpm, Rate: audio.CaptureRate})
	if err != nil {
		t.Fatal(err)
	}
	quiet := make([]int16, audio.Samples(700*time.Millisecond, audio.CaptureRate))
	return append(append(append([]int16(nil), quiet...), c.Samples...), quiet...)
}

// fakeMic is a microphone that plays pcm in 20 ms frames, four times
// faster than real time, then silence, until closed.
type fakeMic struct {
	pcm  []int16
	stop chan struct{}
	wg   sync.WaitGroup
}

func (m *fakeMic) open(_ string, onFrame func([]int16)) (io.Closer, error) {
	m.stop = make(chan struct{})
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		frames := audio.Frames(m.pcm, 320)
		for i := 0; ; i++ {
			f := make([]int16, 320)
			if i < len(frames) {
				f = frames[i]
			}
			select {
			case <-m.stop:
				return
			case <-time.After(5 * time.Millisecond):
				onFrame(f)
			}
		}
	}()
	return m, nil
}

func (m *fakeMic) Close() error { close(m.stop); m.wg.Wait(); return nil }

// wakePanel is a settings panel over a config.yaml naming the wake word.
func wakePanel(t *testing.T, word string, mic captureFunc) settingsPanel {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.yaml")
	os.WriteFile(path, []byte("wakeWord: "+word+"\n"), 0o600)
	return settingsPanel{path: path, dir: filepath.Join(dir, "wakeword"), capture: mic}
}

// TestWakeWordPanel: Record on the wake word row records three takes of
// the phrase from the microphone (espeak-ng speaking into a fake one) and
// saves the template where kin wakeword record would; Test hears the
// phrase in another voice and says the score, and says so when the
// microphone hears only silence.
func TestWakeWordPanel(t *testing.T) {
	var takes []int16
	for _, v := range []struct {
		voice string
		wpm   int
	}{{"en-us", 160}, {"en+m3", 150}, {"en+f3", 175}} {
		takes = append(takes, speech(t, wakePhrase, v.voice, v.wpm)...)
	}
	mic := &fakeMic{pcm: takes}
	p := wakePanel(t, "hey-mika", mic.open)
	var said []string
	msg, err := p.Act("wakeWord", actRecord, func(s string) { said = append(said, s) })
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(msg, `Saved "hey-mika" (3 takes)`) || len(said) != 3 || said[0] != `Take 1 of 3: say "hey-mika"…` {
		t.Errorf("Record said %q after %q", msg, said)
	}
	tpl, err := wakeword.Load(filepath.Join(p.dir, "hey-mika.json"))
	if err != nil || len(tpl.Takes) != 3 {
		t.Fatalf("saved template: %v", err)
	}

	mic.pcm = speech(t, wakePhrase, "en-gb", 165)
	msg, err = p.Act("wakeWord", actTest, func(string) {})
	t.Logf("Test of the phrase in another voice: %s", msg)
	if err != nil || !strings.HasPrefix(msg, `Heard "hey-mika" (score 0.`) {
		t.Errorf("Test of the phrase: %q, %v", msg, err)
	}
	mic.pcm = nil
	if msg, err := p.Act("wakeWord", actTest, func(string) {}); err != nil || !strings.HasPrefix(msg, `Did not hear "hey-mika"`) {
		t.Errorf("Test in silence: %q, %v", msg, err)
	}
}

// TestWakeWordPanelWithout: without a microphone (the sound card's, on a
// machine with none, as CI), without a wake word, or before recording,
// the panel says what is missing in a sentence.
func TestWakeWordPanelWithout(t *testing.T) {
	noMic := func(string, func([]int16)) (io.Closer, error) { return nil, errors.New("no capture device") }
	for _, tc := range []struct {
		name, word, action string
		mic                captureFunc
		want               string
	}{
		{"no sound card", "hey-mika", actRecord, deviceCapture, "No microphone to hear the wake word ("},
		{"no microphone", "hey-mika", actRecord, noMic, "No microphone to hear the wake word (no capture device); record takes elsewhere and run kin wakeword record hey-mika --from a.wav,b.wav,c.wav."},
		{"no wake word", "", actRecord, noMic, "Type a wake word first"},
		{"not recorded", "hey-mika", actTest, noMic, `"hey-mika" is not recorded yet: press R to record it.`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "no sound card" {
				if c, err := deviceCapture("", func([]int16) {}); err == nil {
					c.Close()
					t.Skip("this machine has a microphone")
				}
			}
			p := wakePanel(t, tc.word, tc.mic)
			msg, err := p.Act("wakeWord", tc.action, func(string) {})
			t.Logf("the panel says: %v", err)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %q, %v; want an error starting %q", msg, err, tc.want)
			}
		})
	}
}
