package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDoctorExitCodes runs `kin doctor` on a usable model, one that loads
// but looks wrong, files kin cannot load, and bad usage.
func TestDoctorExitCodes(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.glb")
	if err := os.WriteFile(junk, []byte("\x00\x01 not a model at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		exit   int
		stdout string // a fragment of the output
	}{
		{"usable", []string{sharedAsset(t, "rpm-visage-male.glb")}, 0, "is ready for kin"},
		{"wrong units", []string{sharedAsset(t, "Fox.glb")}, 1, "centimetres"},
		{"animation only", []string{sharedAsset(t, "rpm-visage-maleIdle.glb")}, 1, "no mesh"},
		{"unsupported extension", []string{sharedAsset(t, "Box_Draco.glb")}, 2, "KHR_draco_mesh_compression"},
		{"junk", []string{junk}, 2, "junk.glb is not a GLB, glTF or VRM model"},
		{"missing", []string{filepath.Join(dir, "none.vrm")}, 2, "cannot find none.vrm"},
		{"no file", nil, 2, ""},
		{"two files", []string{junk, junk}, 2, ""},
		{"unknown flag", []string{"--nope", junk}, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := cmdDoctor(tt.args, &out, &errb); code != tt.exit {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.exit, out.String(), errb.String())
			}
			if !strings.Contains(out.String(), tt.stdout) {
				t.Errorf("stdout lacks %q:\n%s", tt.stdout, out.String())
			}
			if tt.stdout == "" && !strings.Contains(errb.String(), "kin doctor") && !strings.Contains(errb.String(), "nope") {
				t.Errorf("bad usage should explain itself on stderr, got %q", errb.String())
			}
		})
	}
}

// TestDoctorJSON checks the --json contract: one object, usable and the
// lists first-class, the exit code matching the report.
func TestDoctorJSON(t *testing.T) {
	tests := []struct {
		file   string
		exit   int
		usable bool
	}{
		{"rpm-visage-male.glb", 0, true},
		{"Fox.glb", 1, false},
		{"Box_Draco.glb", 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := cmdDoctor([]string{"--json", sharedAsset(t, tt.file)}, &out, &errb)
			if code != tt.exit {
				t.Errorf("exit %d, want %d: %s", code, tt.exit, errb.String())
			}
			var got map[string]any
			dec := json.NewDecoder(&out)
			if err := dec.Decode(&got); err != nil {
				t.Fatalf("not one JSON object: %v", err)
			}
			if dec.More() {
				t.Error("more than one JSON value")
			}
			for _, key := range []string{"usable", "exitCode", "verdict", "errors", "warnings", "fixes", "notes", "problems",
				"counts", "budget", "humanoid", "expressions", "textures", "materials", "extensions", "shape"} {
				if _, ok := got[key]; !ok {
					t.Errorf("no %q field", key)
				}
			}
			if got["usable"] != tt.usable || got["exitCode"] != float64(tt.exit) {
				t.Errorf("usable %v exitCode %v, want %v %d", got["usable"], got["exitCode"], tt.usable, tt.exit)
			}
			if errs, _ := got["errors"].([]any); (len(errs) == 0) != tt.usable {
				t.Errorf("errors %v for a model usable=%v", errs, tt.usable)
			}
		})
	}
}
