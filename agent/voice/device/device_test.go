package device

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// TestNullCapture: on miniaudio's null backend the microphone delivers 20 ms frames
// of 320 samples, paced in real time.
func TestNullCapture(t *testing.T) {
	var mu sync.Mutex
	var frames [][]int16
	start := time.Now()
	c, err := OpenCapture(CaptureOptions{Null: true}, func(f []int16) {
		mu.Lock()
		frames = append(frames, f)
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	c.Close()
	elapsed := time.Since(start)
	mu.Lock()
	defer mu.Unlock()
	if len(frames) < 5 || len(frames) > int(elapsed/(20*time.Millisecond))+3 {
		t.Errorf("%d frames in %v: not real-time 20 ms frames", len(frames), elapsed)
	}
	for _, f := range frames {
		if len(f) != FrameSamples {
			t.Fatalf("frame of %d samples", len(f))
		}
	}
}

// TestNullPlayback: the null speaker drains a Player in real time and the Player
// reports what was played, with its latency subtracted.
func TestNullPlayback(t *testing.T) {
	p := audio.NewPlayer(audio.PlaybackRate, nil)
	p.Enqueue("a", make([]int16, audio.PlaybackRate)) // 1 s
	start := time.Now()
	pb, err := OpenPlayback(p, PlaybackOptions{Null: true})
	if err != nil {
		t.Fatal(err)
	}
	defer pb.Close()
	time.Sleep(300 * time.Millisecond)
	played := p.Played("a")
	elapsed := time.Since(start)
	// miniaudio fills a period or two ahead of the clock.
	if played < 150*time.Millisecond || played > elapsed+60*time.Millisecond {
		t.Errorf("played %v after %v", played, elapsed)
	}
	item, heard := p.Clear()
	if item != "a" || heard < played {
		t.Errorf("Clear = %q %v", item, heard)
	}
}

func TestUnknownMicrophone(t *testing.T) {
	_, err := OpenCapture(CaptureOptions{Null: true, Device: "no such microphone"}, func([]int16) {})
	if !errors.Is(err, ErrNoDevice) {
		t.Errorf("err = %v", err)
	}
}

// TestNoSoundCard: with ALSA pointed at nothing, the real devices fail with
// ErrNoDevice instead of hanging or crashing. Skipped where a card works.
func TestNoSoundCard(t *testing.T) {
	home := t.TempDir()
	os.WriteFile(filepath.Join(home, ".asoundrc"), []byte("pcm.!default { type hw card 99 }\nctl.!default { type hw card 99 }\n"), 0o644)
	t.Setenv("HOME", home)
	c, err := OpenCapture(CaptureOptions{}, func([]int16) {})
	if err == nil {
		c.Close()
		t.Skip("a microphone opened: this machine has a sound card")
	}
	if !errors.Is(err, ErrNoDevice) {
		t.Errorf("capture: %v", err)
	}
	t.Logf("capture: %v", err)
}

// TestALSANullSpeaker: the default speaker opens on ALSA's null device (no
// card needed) and pulls the Player's audio; a PulseAudio server, if one runs,
// is kept out. ALSA's null device is not paced, so only the flow is checked,
// not the timing.
func TestALSANullSpeaker(t *testing.T) {
	home := t.TempDir()
	os.WriteFile(filepath.Join(home, ".asoundrc"), []byte("pcm.!default { type null }\nctl.!default { type hw card 0 }\n"), 0o644)
	t.Setenv("HOME", home)
	t.Setenv("PULSE_SERVER", "unix:"+filepath.Join(home, "no-server"))
	p := audio.NewPlayer(audio.PlaybackRate, nil)
	p.Enqueue("a", make([]int16, audio.PlaybackRate/2))
	pb, err := OpenPlayback(p, PlaybackOptions{})
	if err != nil {
		t.Skipf("speaker on ALSA null: %v", err)
	}
	defer pb.Close()
	select {
	case <-p.Idle():
	case <-time.After(5 * time.Second):
		t.Fatalf("the speaker took only %v of 500 ms", p.Played("a"))
	}
	if err := pb.Err(); err != nil {
		t.Error(err)
	}
}

// TestNoALSANoise: opening the real microphone and speaker prints nothing
// of ALSA's own on stderr (on a machine with no sound card ALSA would print
// a dozen lines); whether they open depends on the machine. The check runs
// in a child process, since stderr is the process's.
func TestNoALSANoise(t *testing.T) {
	if os.Getenv("KIN_DEVICE_CHILD") == "1" {
		if c, err := OpenCapture(CaptureOptions{}, func([]int16) {}); err == nil {
			c.Close()
		}
		p := audio.NewPlayer(audio.PlaybackRate, nil)
		if pb, err := OpenPlayback(p, PlaybackOptions{}); err == nil {
			pb.Close()
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestNoALSANoise$")
	cmd.Env = append(os.Environ(), "KIN_DEVICE_CHILD=1", "KIN_AUDIO_DEBUG=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "ALSA lib") {
		t.Errorf("ALSA printed on stderr:\n%s", out)
	}
}
