package avatar

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// clipDir is a folder as a user fills it: a VRM animation, a glTF clip,
// a broken file and a file that is no clip at all.
func clipDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"three-vrm_test.vrma", "rpm-visage-maleIdle.glb"} {
		data, err := os.ReadFile(sharedAsset(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "broken.vrma"), []byte("glTF\x02\x00\x00\x00garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a clip"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestLoadClipDir(t *testing.T) {
	srcs, err := LoadClipDir(clipDir(t))
	if err == nil || !strings.Contains(err.Error(), "broken.vrma") || strings.Contains(err.Error(), "notes.txt") {
		t.Errorf("error %v, want one naming broken.vrma only", err)
	}
	var names []string
	for _, s := range srcs {
		for _, c := range s.Clips {
			names = append(names, c.Name)
		}
	}
	if strings.Join(names, ",") != "rpm-visage-maleIdle,three-vrm_test" {
		t.Errorf("clips %v, want each file's clip named after the file", names)
	}
	if _, err := LoadClipDir(t.TempDir()); err == nil {
		t.Error("an empty clips folder gave no error")
	}
}

// TestClipSlots loads a folder of clips onto a real VRM: manifest slots
// name them by clip or by file, the idle slot becomes the idle loop, and
// a name that matches nothing lists the clips there are.
func TestClipSlots(t *testing.T) {
	m, err := Load(sharedAsset(t, "vrm1-blenderaddon-Example.vrm"))
	if err != nil {
		t.Fatal(err)
	}
	srcs, _ := LoadClipDir(clipDir(t))
	clips, err := RetargetAll(srcs, m)
	if err != nil || len(clips) != 2 {
		t.Fatalf("retargeted %d clips (%v), want 2", len(clips), err)
	}
	c := NewCharacter(m, 1)
	c.SetSlots(map[string]string{"greet": "clips/three-vrm_test.vrma", "idle": "rpm-visage-maleIdle"})
	if c.Idle != nil {
		t.Fatalf("idle %q before the clips arrived", c.Idle.Name)
	}
	c.AddClips(clips...)
	if c.Idle == nil || c.Idle.Name != "rpm-visage-maleIdle" {
		t.Errorf("idle %v, want the idle slot's clip", c.Idle)
	}
	tests := []struct{ name, wantErr string }{
		{"greet", ""},
		{"three-vrm_test", ""},
		{"three-vrm_test.vrma", ""},
		{"dance", "clips: rpm-visage-maleIdle, three-vrm_test"},
	}
	for _, tt := range tests {
		err := c.PlayGesture(tt.name, 0)
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("PlayGesture(%q): %v", tt.name, err)
		case tt.wantErr == "" && c.gestures.clip != clips[1]:
			t.Errorf("PlayGesture(%q) plays %v, want the VRM animation", tt.name, c.gestures.clip)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("PlayGesture(%q) = %v, want an error listing %q", tt.name, err, tt.wantErr)
		}
	}
	if len(m.Clips) != 0 {
		t.Errorf("AddClips wrote %d clips into the model", len(m.Clips))
	}
}
