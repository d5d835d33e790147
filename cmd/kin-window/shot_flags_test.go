package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/manifest"
)

// TestShotRefusesBadArgs: each bad argument is a usage error (exit 2)
// that says what is wrong, and nothing is written. NaN used to pass the
// --render-scale check and 480x720junk the --size one.
func TestShotRefusesBadArgs(t *testing.T) {
	out := filepath.Join(t.TempDir(), "o.png")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{out, "--render-scale", "NaN"}, "bad --render-scale NaN (want 0.5 to 1)"},
		{[]string{out, "--render-scale", "0.2"}, "bad --render-scale 0.2"},
		{[]string{out, "--frames", "0"}, "bad --frames 0 (want 1 to 216000"},
		{[]string{out, "--frames", "-1"}, "bad --frames -1"},
		{[]string{out, "--size", "100000x100000"}, `bad --size "100000x100000" (want WxH, each side 1 to 8192`},
		{[]string{out, "--size", "480x720junk"}, `bad --size "480x720junk"`},
		{[]string{out, "--size", "0x720"}, `bad --size "0x720"`},
		{[]string{out, "extra.png"}, `unexpected argument "extra.png"`},
		{[]string{"--size", "120x180"}, "missing OUT.png"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		if code := cmdShot(c.args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "kin shot: "+c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, stderr.String(), c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused shot wrote its file")
	}
	for _, size := range []string{"480x720", "8192x1", "1X1"} {
		if w, h, problem := checkShotArgs([]string{out}, size, 1, 1); problem != "" || w == 0 || h == 0 {
			t.Errorf("--size %s: %dx%d, %q", size, w, h, problem)
		}
	}
}

// TestWindowRefusesNaNScale: the window's --render-scale check refuses NaN
// before anything starts (run as a program, with a deadline, since a
// window that opens instead would not return).
func TestWindowRefusesNaNScale(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("run under a display: xvfb-run -a go test ./cmd/kin-window")
	}
	bin := build(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--render-scale", "NaN")
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "XDG_CONFIG_HOME=", "XDG_DATA_HOME=")
	msg, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(msg), "kin: bad --render-scale NaN (want 0.5 to 1)") {
		t.Errorf("err %v, output %q", err, msg)
	}
}

// triangleGLTF is a one-triangle glTF whose scene lists nodes.
func triangleGLTF(nodes string) string {
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, []float32{0, 0, 0, 1, 0, 0, 0, 1, 0})
	binary.Write(&b, binary.LittleEndian, []uint16{0, 1, 2, 0})
	return fmt.Sprintf(`{"asset":{"version":"2.0"},
 "buffers":[{"uri":"data:application/octet-stream;base64,%s","byteLength":44}],
 "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":8}],
 "accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},
  {"bufferView":1,"componentType":5123,"count":3,"type":"SCALAR"}],
 "meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],
 "nodes":[{"mesh":0}],"scenes":[{"nodes":%s}],"scene":0}`, base64.StdEncoding.EncodeToString(b.Bytes()), nodes)
}

// sharedAssetPath is a file of ../shared/assets beside the repository (or
// $KIN_SHARED_ASSETS); the test is skipped without it.
func sharedAssetPath(t *testing.T, name string) string {
	t.Helper()
	dir := os.Getenv("KIN_SHARED_ASSETS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "assets")
	}
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared asset %s not here", name)
	}
	return path
}

// TestShotRefusesNothingToDraw: a model with nothing to draw (an animation,
// a scene of missing nodes) fails naming the file, instead of writing an
// empty picture; the loader's warnings are printed with the file's name.
func TestShotRefusesNothingToDraw(t *testing.T) {
	dir := t.TempDir()
	lost := filepath.Join(dir, "lost.gltf")
	if err := os.WriteFile(lost, []byte(triangleGLTF("[42]")), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		model string
		want  []string
	}{
		{sharedAssetPath(t, "three-vrm_test.vrma"), []string{"three-vrm_test.vrma has nothing to draw", "an animation (.vrma)", "--clips"}},
		{sharedAssetPath(t, "rpm-visage-maleIdle.glb"), []string{"rpm-visage-maleIdle.glb has nothing to draw", "only an animation", "--clips"}},
		{lost, []string{lost + ": warning: scene 0: node 42 out of range", lost + " has nothing to draw"}},
	}
	for _, c := range cases {
		out := filepath.Join(dir, "o.png")
		var stdout, stderr bytes.Buffer
		code := cmdShot([]string{out, "--model", c.model, "--size", "60x90"}, &stdout, &stderr)
		for _, w := range c.want {
			if code != 1 || !strings.Contains(stderr.String(), w) {
				t.Errorf("%s: exit %d, stderr %q lacks %q", c.model, code, stderr.String(), w)
			}
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: wrote a picture", c.model)
		}
	}
}

// TestShotPrintsWarnings: a model that loads with warnings is drawn, and
// its warnings reach stderr with the file's name.
func TestShotPrintsWarnings(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("run under a display: xvfb-run -a go test ./cmd/kin-window")
	}
	bin := build(t)
	dir := t.TempDir()
	model := filepath.Join(dir, "tri.gltf")
	if err := os.WriteFile(model, []byte(triangleGLTF("[0, 42]")), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "shot", filepath.Join(dir, "o.png"), "--model", model, "--size", "60x90")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || !strings.Contains(stdout.String(), "wrote") {
		t.Fatalf("%v: %s %s", err, stdout.String(), stderr.String())
	}
	if want := model + ": warning: scene 0: node 42 out of range"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q lacks %q", stderr.String(), want)
	}
}

// TestOpenCharacterFallsBack: a character file that cannot be read, or has
// nothing to draw, gives the default character and a notice naming the
// file; kin opens rather than exits (from the settings it would never
// start again).
func TestOpenCharacterFallsBack(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.glb")
	if err := os.WriteFile(broken, []byte("glTF\x02\x00\x00\x00\xff\xff\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	vrma := sharedAssetPath(t, "three-vrm_test.vrma")
	for _, c := range []struct{ path, says string }{
		{broken, "broken.glb"},
		{filepath.Join(dir, "absent.vrm"), "absent.vrm"},
		{vrma, "--clips"},
	} {
		var stderr bytes.Buffer
		m, notice := openCharacter(c.path, manifest.Default(), &stderr)
		if m == nil || !drawable(m) {
			t.Errorf("%s: no default character to show", c.path)
		}
		if !strings.Contains(notice, c.says) || !strings.Contains(notice, "default character") || stderr.Len() == 0 {
			t.Errorf("%s: notice %q, stderr %q", c.path, notice, stderr.String())
		}
	}
	if m, notice := openCharacter("", manifest.Default(), io.Discard); m == nil || notice != "" {
		t.Errorf("the default character: %v, notice %q", m, notice)
	}
}
