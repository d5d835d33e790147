//go:build linux

package device

import (
	"errors"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// The sinks of the PulseAudio tests: the first is the default.
const (
	desk   = "Kin Desk Speakers"
	phones = "Kin Headphones"
)

// pulseRig is a sound server with two speakers, both recorded.
type pulseRig struct {
	*pulseServer
	tapes map[string]*tape
}

// newPulseRig starts the server and the recordings. A null sink that was idle
// renders up to 2 s ahead of the clock, so a stream joining it is first heard
// that late; the recordings' low latency makes it render in small blocks
// from then on, and the rig waits out the block already rendered.
func newPulseRig(t *testing.T) *pulseRig {
	r := &pulseRig{pulseServer: startPulse(t, desk, phones), tapes: map[string]*tape{}}
	for _, d := range []string{desk, phones} {
		r.tapes[d] = r.record(t, d)
	}
	time.Sleep(2500 * time.Millisecond)
	return r
}

// play plays a 600 ms 440 Hz tone through p (during runs meanwhile) and
// returns what reached each speaker.
func (r *pulseRig) play(t *testing.T, p *audio.Player, during func()) (onDesk, onPhones []int16) {
	t.Helper()
	md, mp := r.tapes[desk].mark(), r.tapes[phones].mark()
	p.Enqueue("a", tone(440, 600*time.Millisecond))
	if during != nil {
		during()
	}
	select {
	case <-p.Idle():
	case <-time.After(5 * time.Second):
		t.Fatalf("the speaker took only %v of 600 ms", p.Played("a"))
	}
	time.Sleep(300 * time.Millisecond) // the device's buffer and parec's
	return r.tapes[desk].since(md), r.tapes[phones].since(mp)
}

// wantTone checks that pcm carries the 440 Hz tone, and silent that it is silence.
func wantTone(t *testing.T, where string, pcm []int16) {
	t.Helper()
	rms, hz := heard(pcm)
	t.Logf("%s: level %.3f at %.1f Hz", where, rms, hz)
	if rms < 0.1 || math.Abs(hz-440) > 22 {
		t.Errorf("%s: level %.3f at %.0f Hz (%d samples); want the 440 Hz tone at ~0.21", where, rms, hz, len(pcm))
	}
}

func wantSilence(t *testing.T, where string, pcm []int16) {
	t.Helper()
	if rms, _ := heard(pcm); rms != 0 {
		t.Errorf("%s: level %.3f, want silence", where, rms)
	}
}

// TestPulse plays through a real sound server (PulseAudio with two null
// sinks, recorded with parec) and checks where the sound went.
func TestPulse(t *testing.T) {
	r := newPulseRig(t)
	for _, tc := range []struct {
		name string
		run  func(*testing.T, *pulseRig)
	}{
		{"list", pulseList},
		{"named", pulseNamed},
		{"default", pulseDefault},
		{"missing", pulseMissing},
		{"switch", pulseSwitch},
		{"unplug", pulseUnplug},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, r) })
	}
}

// pulseList: miniaudio lists the sound server's sinks by their names and
// says which is the default.
func pulseList(t *testing.T, _ *pulseRig) {
	devs, err := Speakers(false)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, d := range devs {
		got[d.Name] = d.Default
	}
	if def, ok := got[desk]; !ok || !def {
		t.Errorf("speakers %+v: want %q as the default", devs, desk)
	}
	if def, ok := got[phones]; !ok || def {
		t.Errorf("speakers %+v: want %q, not the default", devs, phones)
	}
}

// pulseNamed: with a speaker named (part of its name, any case),
// what kin plays reaches that device and not the default one.
func pulseNamed(t *testing.T, r *pulseRig) {
	p := audio.NewPlayer(audio.PlaybackRate, nil)
	sp, notice, err := OpenSpeaker(p, PlaybackOptions{Device: "headphones"})
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	if notice != "" || sp.Name() != phones {
		t.Errorf("playing on %q, notice %q; want %q and no notice", sp.Name(), notice, phones)
	}
	onDesk, onPhones := r.play(t, p, nil)
	wantTone(t, phones, onPhones)
	wantSilence(t, desk, onDesk)
	if err := sp.Err(); err != nil {
		t.Error(err)
	}
}

// pulseDefault: with no speaker named, kin plays on the default.
func pulseDefault(t *testing.T, r *pulseRig) {
	p := audio.NewPlayer(audio.PlaybackRate, nil)
	sp, notice, err := OpenSpeaker(p, PlaybackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	if notice != "" || sp.Name() != desk {
		t.Errorf("playing on %q, notice %q; want %q and no notice", sp.Name(), notice, desk)
	}
	onDesk, onPhones := r.play(t, p, nil)
	wantTone(t, desk, onDesk)
	wantSilence(t, phones, onPhones)
}

// pulseMissing: a speaker that is not there is named in a notice
// listing those that are, and kin plays on the default one.
func pulseMissing(t *testing.T, r *pulseRig) {
	p := audio.NewPlayer(audio.PlaybackRate, nil)
	if _, err := OpenPlayback(p, PlaybackOptions{Device: "USB Studio"}); !errors.Is(err, ErrNoDevice) {
		t.Errorf("OpenPlayback: %v, want ErrNoDevice", err)
	}
	sp, notice, err := OpenSpeaker(p, PlaybackOptions{Device: "USB Studio"})
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	for _, want := range []string{`No speaker "USB Studio" here`, `playing on the default, "` + desk + `"`, `"` + phones + `"`} {
		if !strings.Contains(notice, want) {
			t.Errorf("notice %q lacks %q", notice, want)
		}
	}
	onDesk, onPhones := r.play(t, p, nil)
	wantTone(t, desk, onDesk)
	wantSilence(t, phones, onPhones)
}

// pulseSwitch: Use moves playback to another device while the
// Player plays on, and the echo canceller's tap keeps getting what is played.
func pulseSwitch(t *testing.T, r *pulseRig) {
	p := audio.NewPlayer(audio.PlaybackRate, nil)
	var tapped atomic.Int64
	p.SetTap(func(pcm []int16) { tapped.Add(int64(len(pcm))) })
	sp, _, err := OpenSpeaker(p, PlaybackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	var before int64
	onDesk, onPhones := r.play(t, p, func() {
		time.Sleep(250 * time.Millisecond)
		before = tapped.Load()
		start := time.Now()
		if notice, err := sp.Use(phones); err != nil || notice != "" {
			t.Errorf("Use: %q %v", notice, err)
		}
		t.Logf("the switch took %v", time.Since(start))
	})
	wantTone(t, "before the switch: "+desk, onDesk)
	wantTone(t, "after the switch: "+phones, onPhones)
	if d := audio.Duration(int(tapped.Load()-before), audio.PlaybackRate); d < 300*time.Millisecond {
		t.Errorf("the tap got %v after the switch, want the rest of the tone and the silence after", d)
	}
}

// pulseUnplug: a speaker whose sink goes away is reported within seconds,
// and closing it does not hang; a sink suspended and resumed is not.
func pulseUnplug(t *testing.T, r *pulseRig) {
	const gone = "Kin USB Headset"
	mod, err := r.pactlOut("load-module", "module-null-sink", "rate=48000", "sink_name=kin_gone",
		`sink_properties='device.description="`+gone+`"'`)
	if err != nil {
		t.Fatal(err)
	}
	p := audio.NewPlayer(audio.PlaybackRate, nil)
	sp, _, err := OpenSpeaker(p, PlaybackOptions{Device: "usb"})
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	p.Enqueue("a", tone(440, 10*time.Second))
	r.pactl("suspend-sink", "kin_gone", "1")
	time.Sleep(300 * time.Millisecond)
	r.pactl("suspend-sink", "kin_gone", "0")
	time.Sleep(300 * time.Millisecond)
	if err := sp.Err(); err != nil {
		t.Errorf("after a suspend and resume: %v", err)
	}
	if err := r.pactl("unload-module", strings.TrimSpace(mod)); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(speakerSilence + 3*time.Second)
	for sp.Err() == nil && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	err = sp.Err()
	if !errors.Is(err, ErrNoDevice) || !strings.Contains(err.Error(), gone) {
		t.Errorf("after the sink went: %v, want ErrNoDevice naming %q", err, gone)
	}
	start := time.Now()
	sp.Close()
	if d := time.Since(start); d > closeWait+500*time.Millisecond {
		t.Errorf("Close took %v", d)
	}
}
