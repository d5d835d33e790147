package device

import (
	"errors"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
)

func TestPick(t *testing.T) {
	devs := []Info{{Name: "Built-in Audio Analog Stereo", Default: true}, {Name: "USB Headset Analog Stereo"},
		{Name: "USB Headset"}, {Name: "HDMI / DisplayPort 2"}}
	for _, tc := range []struct {
		want string
		i    int
	}{
		{"USB Headset Analog Stereo", 1},
		{"usb headset", 2}, // the exact name wins over the first that contains it
		{"usb", 1},         // else the first that contains it
		{"  hdmi ", 3},
		{"built-in", 0},
	} {
		i, err := Pick("speaker", tc.want, devs)
		if err != nil || i != tc.i {
			t.Errorf("Pick(%q) = %d, %v; want %d", tc.want, i, err, tc.i)
		}
	}
}

func TestUnknownDevice(t *testing.T) {
	for _, tc := range []struct {
		kind, want string
		devs       []Info
		msg        string
	}{
		{"speaker", "Studio Monitors", []Info{{Name: "Built-in"}, {Name: "USB Headset"}},
			`no speaker named "Studio Monitors" (the speakers here: "Built-in", "USB Headset")`},
		{"microphone", "Yeti", nil, `no microphone named "Yeti" (there are no microphones here)`},
	} {
		_, err := Pick(tc.kind, tc.want, tc.devs)
		var u *UnknownDeviceError
		if !errors.As(err, &u) || err.Error() != tc.msg {
			t.Errorf("Pick(%q) = %v\nwant %s", tc.want, err, tc.msg)
		}
	}
}

func TestFallbackNotice(t *testing.T) {
	why := &UnknownDeviceError{Kind: "speaker", Want: "Studio", Have: []string{"Built-in"}}
	for _, tc := range []struct {
		why       error
		def, want string
	}{
		{why, "Built-in", `No speaker "Studio" here; playing on the default, "Built-in". Speakers here: "Built-in".`},
		{why, "", `No speaker "Studio" here; playing on the default. Speakers here: "Built-in".`},
		{errors.New(`speaker "USB" did not open: busy`), "Built-in", `Speaker "USB" did not open: busy; playing on the default, "Built-in".`},
	} {
		if got := FallbackNotice(tc.why, tc.def); got != tc.want {
			t.Errorf("FallbackNotice(%v, %q) = %s\nwant %s", tc.why, tc.def, got, tc.want)
		}
	}
}

// TestNullSpeakerByName: on miniaudio's null backend the one speaker is found
// by part of its name, and one that is not there falls back to it with the
// notice naming both.
func TestNullSpeakerByName(t *testing.T) {
	devs, err := Speakers(true)
	if err != nil || len(devs) != 1 || !devs[0].Default {
		t.Fatalf("null speakers: %+v %v", devs, err)
	}
	null := devs[0].Name
	p := audio.NewPlayer(audio.PlaybackRate, nil)
	sp, notice, err := OpenSpeaker(p, PlaybackOptions{Null: true, Device: "null playback"})
	if err != nil || notice != "" || sp.Name() != null {
		t.Fatalf("OpenSpeaker(null playback): %q %q %v", sp.Name(), notice, err)
	}
	notice, err = sp.Use("Studio Monitors")
	want := `No speaker "Studio Monitors" here; playing on the default, "` + null + `". Speakers here: "` + null + `".`
	if err != nil || notice != want {
		t.Errorf("Use(Studio Monitors) = %q, %v\nwant %s", notice, err, want)
	}
	p.Enqueue("a", make([]int16, audio.PlaybackRate/5))
	select {
	case <-p.Idle():
	case <-time.After(2 * time.Second):
		t.Errorf("the fallback speaker took only %v of 200 ms", p.Played("a"))
	}
	if err := sp.Err(); err != nil {
		t.Error(err)
	}
	sp.Close()
	if err := sp.Err(); !errors.Is(err, ErrNoDevice) {
		t.Errorf("closed speaker: Err = %v", err)
	}
}
