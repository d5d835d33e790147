//go:build linux

package device

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// pulseServer is a private PulseAudio server whose sinks are null sinks: a
// real sound server, and a real path from kin to a named device, with no
// sound card. parec records what reached a sink from its monitor.
type pulseServer struct {
	server string // PULSE_SERVER
	sinks  map[string]string
}

// needTool skips the test when a program is missing, except in CI, which
// scripts/deps.sh test equips.
func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		msg := fmt.Sprintf("%s is not installed (scripts/deps.sh test installs pulseaudio and pulseaudio-utils)", name)
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
}

// startPulse runs a PulseAudio server for the test with one null sink per
// description (the first is the default) and points this process's
// PULSE_SERVER at it.
func startPulse(t *testing.T, descriptions ...string) *pulseServer {
	t.Helper()
	needTool(t, "pulseaudio")
	needTool(t, "parec")
	needTool(t, "pactl")
	dir, err := os.MkdirTemp("", "kinpulse") // short: a socket path has ≤ 107 bytes
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	ps := &pulseServer{server: "unix:" + filepath.Join(dir, "native"), sinks: map[string]string{}}
	args := []string{"-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no", "--disable-shm=yes",
		"--log-target=stderr", "-L", "module-native-protocol-unix auth-anonymous=1 socket=" + filepath.Join(dir, "native")}
	for i, d := range descriptions {
		sink := fmt.Sprintf("kin_sink%d", i)
		ps.sinks[d] = sink
		args = append(args, "-L", fmt.Sprintf("module-null-sink rate=48000 sink_name=%s sink_properties='device.description=\"%s\"'", sink, d))
	}
	cmd := exec.Command("pulseaudio", args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // gone with a test that panics
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_RUNTIME_DIR="+dir, "PULSE_RUNTIME_PATH="+dir,
		"PULSE_STATE_PATH="+dir, "DBUS_SESSION_BUS_ADDRESS=disabled:")
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatalf("start pulseaudio: %v", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if ps.pactl("info") == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("pulseaudio did not answer on %s:\n%s", ps.server, log.String())
		}
	}
	if len(descriptions) > 0 {
		if err := ps.pactl("set-default-sink", ps.sinks[descriptions[0]]); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PULSE_SERVER", ps.server)
	return ps
}

func (ps *pulseServer) pactl(args ...string) error {
	_, err := ps.pactlOut(args...)
	return err
}

// pactlOut runs pactl on the server and returns what it printed.
func (ps *pulseServer) pactlOut(args ...string) (string, error) {
	out, err := exec.Command("pactl", append([]string{"-s", ps.server}, args...)...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("pactl %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

// tape is parec recording a sink's monitor at 24 kHz mono for the whole test.
type tape struct {
	mu  sync.Mutex
	pcm []byte
}

// Write implements io.Writer for parec's output.
func (tp *tape) Write(b []byte) (int, error) {
	tp.mu.Lock()
	tp.pcm = append(tp.pcm, b...)
	tp.mu.Unlock()
	return len(b), nil
}

// mark is where the tape is now.
func (tp *tape) mark() int {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	return len(tp.pcm) / 2
}

// since is what the tape got after mark.
func (tp *tape) since(mark int) []int16 {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	return audio.FromBytes(tp.pcm[2*mark : len(tp.pcm)&^1])
}

// record starts recording what reaches the sink described as description,
// with a low latency so that the sink renders in small blocks.
func (ps *pulseServer) record(t *testing.T, description string) *tape {
	t.Helper()
	tp := &tape{}
	cmd := exec.Command("parec", "-s", ps.server, "-d", ps.sinks[description]+".monitor", "--raw",
		"--format=s16le", "--rate=24000", "--channels=1", "--latency-msec=10")
	cmd.Stdout = tp
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatalf("parec: %v", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return tp
}

// tone is d of a sine at hz, at a third of full scale, at 24 kHz.
func tone(hz float64, d time.Duration) []int16 {
	pcm := make([]int16, audio.Samples(d, audio.PlaybackRate))
	for i := range pcm {
		pcm[i] = int16(10000 * math.Sin(2*math.Pi*hz*float64(i)/audio.PlaybackRate))
	}
	return pcm
}

// heard is the samples' level (RMS, 0..1) and their pitch from zero
// crossings, over the stretches that carry sound: silences longer than half a
// millisecond (before, after, or a gap where the server ran dry) are left out.
func heard(pcm []int16) (rms, hz float64) {
	const gap = 12
	var n, crossings int
	var sum float64
	take := func(seg []int16) {
		n += len(seg)
		for i, v := range seg {
			sum += float64(v) * float64(v)
			if i > 0 && (seg[i-1] < 0) != (v < 0) {
				crossings++
			}
		}
	}
	start, quiet := -1, 0
	for i, v := range pcm {
		if v > 300 || v < -300 {
			if start < 0 {
				start = i
			}
			quiet = 0
			continue
		}
		if quiet++; start >= 0 && quiet > gap {
			take(pcm[start : i-quiet+1])
			start, quiet = -1, 0
		}
	}
	if start >= 0 {
		take(pcm[start : len(pcm)-quiet])
	}
	if n == 0 {
		return 0, 0
	}
	return math.Sqrt(sum/float64(n)) / 32768, float64(crossings) / 2 / audio.Duration(n, audio.PlaybackRate).Seconds()
}
