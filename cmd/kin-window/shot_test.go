package main

import (
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// build compiles kin-window once for the tests; Ebitengine's game loop
// wants the process's main thread, so the commands run as a real program.
func build(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "kin-window-test")
		if err != nil {
			built.err = err
			return
		}
		built.bin = filepath.Join(dir, "kin-window")
		if out, err := exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// built is the program the tests run, built once for them all (see
// TestMain, which removes it).
var built struct {
	once sync.Once
	bin  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.bin != "" {
		os.RemoveAll(filepath.Dir(built.bin))
	}
	os.Exit(code)
}

// TestShotCommand renders the default avatar with events, transparent, and
// checks the file; bad arguments are refused with a usage line.
func TestShotCommand(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("run under a display: xvfb-run -a go test ./cmd/kin-window")
	}
	bin := build(t)
	dir := t.TempDir()
	events := filepath.Join(dir, "e.jsonl")
	os.WriteFile(events, []byte(`{"t":0,"type":"gesture","payload":{"name":"wave","duration":2000}}`+"\n"), 0o644)
	out := filepath.Join(dir, "shot.png")
	cmd := exec.Command(bin, "shot", out, "--size", "120x180", "--frames", "20", "--overlay", "--events", events)
	if msg, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(msg), "wrote") {
		t.Fatalf("%v: %s", err, msg)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 120 || b.Dy() != 180 {
		t.Errorf("size %v", b)
	}
	if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
		t.Errorf("overlay corner alpha %d, want 0", a)
	}
	for _, args := range [][]string{{"shot"}, {"shot", "x.png", "--size", "big"}, {"shot", "x.png", "--events", "/nonexistent"}, {"shot", "x.png", "--render-scale", "0.2"}, {"--render-scale", "2"}} {
		msg, err := exec.Command(bin, args...).CombinedOutput()
		if err == nil || !strings.Contains(string(msg), "kin") {
			t.Errorf("%v: err %v, output %q", args, err, msg)
		}
	}
}
