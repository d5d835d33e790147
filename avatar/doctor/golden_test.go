package doctor

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden.json from the current output")

// goldenJSON is r as `kin doctor --json` prints it, with the file's path
// cut to its name so the golden does not depend on the machine.
func goldenJSON(t *testing.T, r Report) []byte {
	t.Helper()
	r.File = filepath.Base(r.File)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestGoldens compares the report on every shared model with
// testdata/NAME.golden.json (go test -update rewrites them).
func TestGoldens(t *testing.T) {
	for _, path := range sharedModels(t) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			got := goldenJSON(t, Examine(path))
			golden := filepath.Join("testdata", name+".golden.json")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("report differs from %s (go test -update rewrites it after checking):\n%s", golden, got)
			}
		})
	}
}

// TestSharedVerdicts pins what the goldens must say about the models whose
// truth is known, so that regenerating them cannot hide a regression.
func TestSharedVerdicts(t *testing.T) {
	dir := sharedAssets(t)
	tests := []struct {
		file     string
		exit     int
		says     string // a fragment of some problem's message
		check    func(Report) bool
		checkWhy string
	}{
		{"rpm-visage-male.glb", 0, "", func(r Report) bool {
			e := r.Expressions
			return e.LipSync && e.Blink && e.Emotions && len(e.ARKit) == 52 && r.Humanoid.Recognised &&
				strings.Join(e.Synthesised["aa"], ",") == "jawOpen" && r.Shape.Facing == "+Z"
		}, "ARKit face, lip-sync from jawOpen, humanoid facing +Z"},
		{"talkinghead-brunette-t.glb", 0, "", func(r Report) bool {
			return len(r.Expressions.Visemes) == 15 && strings.Join(r.Expressions.Synthesised["aa"], ",") == "viseme_aa"
		}, "15 Oculus visemes, aa built from viseme_aa"},
		{"Fox.glb", 1, "centimetres", func(r Report) bool { return r.Shape.HeightM > 70 }, "about 79 units tall"},
		{"CesiumMan.glb", 0, "No humanoid skeleton", func(r Report) bool { return !r.Humanoid.Recognised }, "bones not recognised"},
		{"Box_Draco.glb", 2, "KHR_draco_mesh_compression", func(r Report) bool { return !r.Loadable }, "not loadable"},
		{"TextureVariants-Embedded-KTX.gltf", 2, "KHR_texture_basisu", nil, ""},
		{"rpm-visage-maleIdle.glb", 1, "no mesh", func(r Report) bool { return r.Counts.Clips == 1 }, "one clip"},
		{"vrm0-cryptovoxels.vrm", 0, "faces -Z", func(r Report) bool {
			return r.Shape.Facing == "+Z" && r.Shape.Front == "+Z" && !r.Expressions.LipSync
		}, "VRM 0.x file facing -Z, turned to face +Z, without a mouth shape"},
		{"vrm1-blenderaddon-Example.vrm", 0, "move no blend shape", func(r Report) bool {
			return len(r.Expressions.Unbound) == 18 && r.Shape.Facing == "+Z"
		}, "18 unbound expressions, facing +Z"},
		{"vrm1-VRMC_vrm_expressions_isBinary_Overrides.vrm", 0, "textureTransformBinds", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			r := Examine(filepath.Join(dir, tt.file))
			if r.ExitCode() != tt.exit {
				t.Errorf("exit %d, want %d:\n%s", r.ExitCode(), tt.exit, r)
			}
			if tt.says != "" && !mentions(r, tt.says) {
				t.Errorf("no problem mentions %q:\n%s", tt.says, r)
			}
			if tt.check != nil && !tt.check(r) {
				t.Errorf("want %s:\n%s", tt.checkWhy, goldenJSON(t, r))
			}
		})
	}
}

// mentions reports whether a problem's message contains s.
func mentions(r Report, s string) bool {
	for _, p := range r.Problems {
		if strings.Contains(p.Message, s) {
			return true
		}
	}
	return false
}
