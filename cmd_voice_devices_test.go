package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/voice/device"
)

// TestVoiceDevicesText: both lists, the default marked, a list that could
// not be had says why, and the last line says how to choose.
func TestVoiceDevicesText(t *testing.T) {
	mics := []device.Info{{Name: "Built-in Audio Analog Stereo", Default: true}, {Name: "USB Headset Mono"}}
	spks := []device.Info{{Name: "USB Headset Analog Stereo"}, {Name: "Built-in Audio Analog Stereo", Default: true}}
	for _, tc := range []struct {
		name     string
		mics     []device.Info
		micErr   error
		want     string
		wantJSON string
	}{
		{"both", mics, nil, `Microphones:
* Built-in Audio Analog Stereo
  USB Headset Mono
Speakers:
  USB Headset Analog Stereo
* Built-in Audio Analog Stereo
`, `{"microphones":[{"name":"Built-in Audio Analog Stereo","default":true},{"name":"USB Headset Mono"}],` +
			`"speakers":[{"name":"USB Headset Analog Stereo"},{"name":"Built-in Audio Analog Stereo","default":true}]}`},
		{"no microphones", nil, errors.New("device: no usable audio device"), `Microphones:
  none listed: device: no usable audio device
Speakers:
  USB Headset Analog Stereo
* Built-in Audio Analog Stereo
`, `{"microphones":[],"speakers":[{"name":"USB Headset Analog Stereo"},{"name":"Built-in Audio Analog Stereo","default":true}],` +
			`"errors":{"microphones":"device: no usable audio device"}}`},
	} {
		d := listedDevices(tc.mics, spks, tc.micErr, nil)
		var b bytes.Buffer
		if err := d.writeText(&b); err != nil {
			t.Fatal(err)
		}
		got, hint, _ := strings.Cut(b.String(), "* the system's default.")
		if got != tc.want || !strings.Contains(hint, "kin settings set microphone|speaker NAME") {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, b.String(), tc.want)
		}
		j, _ := json.Marshal(d)
		if string(j) != tc.wantJSON {
			t.Errorf("%s JSON:\n%s\nwant\n%s", tc.name, j, tc.wantJSON)
		}
	}
}

// TestVoiceDevicesCommand: `kin voice devices` lists what this machine has
// (a sound card or not, it prints both sections), and --json is one object.
func TestVoiceDevicesCommand(t *testing.T) {
	code, stdout, stderr := runVoice("devices")
	if code == 2 || !strings.Contains(stdout, "Microphones:\n") || !strings.Contains(stdout, "Speakers:\n") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runVoice("devices", "--json")
	var d audioDevices
	if err := json.Unmarshal([]byte(stdout), &d); err != nil || code == 2 {
		t.Errorf("exit %d, %v:\n%s%s", code, err, stdout, stderr)
	}
	if code, _, _ := runVoice("devices", "extra"); code != 2 {
		t.Errorf("an extra argument: exit %d", code)
	}
}
