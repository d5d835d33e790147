package doctor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kin-companion/kin/avatar"
)

// TestExamineModel checks that a model already loaded gets the same
// findings as its file, less the extensions the model does not keep.
func TestExamineModel(t *testing.T) {
	path := filepath.Join(sharedAssets(t), "vrm0-cryptovoxels.vrm")
	m, err := avatar.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	got, want := ExamineModel(m), Examine(path)
	if got.File != "vrm0-cryptovoxels" || got.ExitCode() != want.ExitCode() {
		t.Errorf("file %q exit %d, want the model's name and exit %d", got.File, got.ExitCode(), want.ExitCode())
	}
	if strings.Join(got.Warnings, "\n") != strings.Join(want.Warnings, "\n") {
		t.Errorf("warnings differ:\n%q\n%q", got.Warnings, want.Warnings)
	}
	if len(got.Extensions.Used) != 0 || len(want.Extensions.Used) == 0 {
		t.Errorf("extensions %v from a model, %v from the file", got.Extensions.Used, want.Extensions.Used)
	}
}

// TestSummary checks the on-screen notice: the verdict, then the worst
// problem with its fix.
func TestSummary(t *testing.T) {
	dir := sharedAssets(t)
	tests := []struct {
		file  string
		lines int
		first string
		then  string
	}{
		{"rpm-visage-male.glb", 1, "rpm-visage-male.glb is ready for kin.", ""},
		{"Fox.glb", 2, "Fox.glb loads, but 1 problem will look wrong.", "centimetres"},
		{"CesiumMan.glb", 2, "CesiumMan.glb is usable; 1 thing is worth fixing.", "Rename the bones"},
		{"Box_Draco.glb", 2, "kin cannot load Box_Draco.glb.", "Draco"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			lines := strings.Split(Examine(filepath.Join(dir, tt.file)).Summary(), "\n")
			if len(lines) != tt.lines || lines[0] != tt.first || !strings.Contains(lines[len(lines)-1], tt.then) {
				t.Errorf("summary %q, want %d lines starting %q and mentioning %q", lines, tt.lines, tt.first, tt.then)
			}
		})
	}
}

// FuzzExamine feeds damaged GLBs to Examine, which must never panic and
// must always give a verdict.
func FuzzExamine(f *testing.F) {
	box, err := os.ReadFile(filepath.Join(sharedAssets(f), "BoxTextured.glb"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(box)
	f.Add(box[:100])
	f.Add([]byte(`{"asset":{"version":"2.0"},"nodes":[{"mesh":0}],"meshes":[{"primitives":[]}]}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "fuzz.glb")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r := Examine(path)
		if r.Verdict() == "" || (r.Loadable && r.Format == "") || (!r.Loadable && len(r.Errors) != 1) {
			t.Errorf("incoherent report: %+v", r)
		}
	})
}

// BenchmarkExamine examines the default avatar: loading dominates.
func BenchmarkExamine(b *testing.B) {
	path := filepath.Join(sharedAssets(b), "rpm-visage-male.glb")
	b.ReportAllocs()
	for b.Loop() {
		if r := Examine(path); !r.Usable() {
			b.Fatal(r.Summary())
		}
	}
}

// BenchmarkExamineModel is the checks alone, on a model already loaded
// (the window's case).
func BenchmarkExamineModel(b *testing.B) {
	m, err := avatar.Load(filepath.Join(sharedAssets(b), "rpm-visage-male.glb"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		ExamineModel(m)
	}
}
