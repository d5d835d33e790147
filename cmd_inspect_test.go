package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/kin-companion/kin/avatar"
)

// sharedAsset finds a model in ../shared/assets beside the repository, or
// in $KIN_SHARED_ASSETS.
func sharedAsset(t *testing.T, name string) string {
	t.Helper()
	dir := os.Getenv("KIN_SHARED_ASSETS")
	if dir == "" {
		dir = filepath.Join("..", "shared", "assets")
	}
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("shared asset %s: %v (set KIN_SHARED_ASSETS)", name, err)
	}
	return path
}

// TestInspectJSONContract pins the exact field set of `kin inspect --json`.
func TestInspectJSONContract(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"inspect", sharedAsset(t, "rpm-visage-male.glb"), "--json"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range got {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := []string{"animations", "expressions", "format", "humanoid", "joints", "materials", "meshes",
		"morphTargets", "nodes", "primitives", "skins", "springBones", "textures", "triangles", "vertices", "warnings"}
	if !reflect.DeepEqual(keys, want) {
		t.Fatalf("fields %v, want %v", keys, want)
	}
	checks := map[string]any{"format": "glb", "vertices": 13092.0, "triangles": 22752.0, "joints": 67.0, "textures": 15.0}
	for k, v := range checks {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	if h := got["humanoid"].(map[string]any); h["head"] != "Head" || h["hips"] != "Hips" {
		t.Errorf("humanoid %v", h)
	}
}

func TestInspectAnimationsAndText(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"inspect", "--json", sharedAsset(t, "Fox.glb")}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var s struct {
		Animations []struct {
			Name     string
			Duration float64
			Channels int
		}
	}
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Animations) != 3 || s.Animations[0].Name != "Survey" || s.Animations[0].Channels == 0 || s.Animations[0].Duration <= 0 {
		t.Errorf("animations %+v", s.Animations)
	}
	out.Reset()
	if code := run([]string{"inspect", sharedAsset(t, "Fox.glb")}, &out, &errb); code != 0 || !strings.Contains(out.String(), `animation "Walk"`) {
		t.Errorf("text summary (exit %d):\n%s", code, out.String())
	}
}

// TestInspectRefused: a broken or unsupported file exits non-zero with the
// error on stderr.
func TestInspectRefused(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "broken.glb")
	if err := os.WriteFile(bad, []byte("glTF\x02\x00\x00\x00garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	draco := filepath.Join(dir, "draco.gltf")
	doc := `{"asset":{"version":"2.0"},"extensionsRequired":["KHR_draco_mesh_compression"]}`
	if err := os.WriteFile(draco, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{bad: "broken.glb", draco: "KHR_draco_mesh_compression", filepath.Join(dir, "none.glb"): "none.glb"} {
		var out, errb bytes.Buffer
		code := run([]string{"inspect", file, "--json"}, &out, &errb)
		if code == 0 || out.Len() != 0 || !strings.Contains(errb.String(), want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", file, code, out.String(), errb.String())
		}
	}
}

// TestInspectHostile: kin inspect on each file of the avatar's hostile corpus prints
// the loader's sentence on stderr, one line, and nothing on stdout.
func TestInspectHostile(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("avatar", "testdata", "hostile", "*"))
	if err != nil || len(files) < 20 {
		t.Fatalf("hostile corpus: %d files, %v", len(files), err)
	}
	for _, file := range files {
		_, lerr := avatar.Load(file)
		if lerr == nil {
			t.Errorf("%s loaded", file)
			continue
		}
		sentence := strings.TrimPrefix(lerr.Error(), "avatar: ")
		var out, errb bytes.Buffer
		code := run([]string{"inspect", file}, &out, &errb)
		msg := strings.TrimSpace(errb.String())
		if code == 0 || out.Len() != 0 || !strings.Contains(msg, sentence) || strings.Count(msg, "\n") > 0 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want the sentence %q", filepath.Base(file), code, out.String(), msg, sentence)
		}
	}
}
