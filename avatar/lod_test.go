package avatar

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestLODsOfSharedAssets builds the default levels of real characters and
// checks every level against its primitive (see checkSimplified), its
// error against its bound, and that it saves what a level must.
func TestLODsOfSharedAssets(t *testing.T) {
	tests := []struct {
		file string
		// wantLevelled is the least number of primitives that must get a
		// level: characters of smooth, welded meshes simplify; the Fox and
		// the VRM example are flat-shaded (every vertex shares its
		// position) and must stay whole.
		wantLevelled int
	}{
		{"rpm-visage-male.glb", 6},
		{"talkinghead-brunette-t.glb", 4},
		{"CesiumMan.glb", 1},
		{"vrm0-cryptovoxels.vrm", 1},
		{"Fox.glb", 0},
		{"vrm1-blenderaddon-Example.vrm", 0},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			m, err := Load(sharedAsset(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			height := float32(modelHeight(m))
			lods := ComputeLODs(m, DefaultLODOptions)
			levelled := 0
			for mi, mesh := range m.Meshes {
				for pi := range mesh.Primitives {
					p := &mesh.Primitives[pi]
					levels := lods[mi][pi]
					if len(levels) > 0 {
						levelled++
					}
					if len(p.Indices)/3 < DefaultLODOptions.MinTriangles && len(levels) > 0 {
						t.Errorf("%s: %d triangles got levels", mesh.Name, len(p.Indices)/3)
					}
					checkLevels(t, mesh.Name, p, levels, height)
				}
			}
			if levelled < tt.wantLevelled || (tt.wantLevelled == 0 && levelled > 0) {
				t.Errorf("%d primitives got levels, want %d", levelled, tt.wantLevelled)
			}
		})
	}
}

// checkLevels checks the levels of one primitive.
func checkLevels(t *testing.T, name string, p *Primitive, levels []LOD, height float32) {
	t.Helper()
	stay := mustStay(p.Positions, p.Indices)
	prev := len(p.Indices) / 3
	maxBound := DefaultLODOptions.MaxError[len(DefaultLODOptions.MaxError)-1] * height
	line := []string{fmt.Sprintf("%s %d:", name, prev)}
	for _, l := range levels {
		n := len(l.Indices) / 3
		if float32(n) > DefaultLODOptions.MinSaving*float32(prev) {
			t.Errorf("%s: a level of %d triangles after %d saves too little", name, n, prev)
		}
		if !(l.Error <= maxBound) {
			t.Errorf("%s: level error %g above the largest bound %g", name, l.Error, maxBound)
		}
		checkSimplified(t, p.Positions, p.Indices, l.Indices, l.Error, stay)
		prev = n
		line = append(line, fmt.Sprintf("%d (error %.3f%% of the height)", n, 100*l.Error/height))
	}
	t.Log(strings.Join(line, " "))
}

// TestSimplifyReachesItsTarget: with no error limit, the big primitives of
// the visage come down to the asked triangle count (a collapse removes two
// triangles, so one fewer is allowed), and the result still passes the
// checks.
func TestSimplifyReachesItsTarget(t *testing.T) {
	m, err := Load(sharedAsset(t, "rpm-visage-male.glb"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Wolf3D_Head", "Wolf3D_Body", "Wolf3D_Outfit_Top"} {
		p := &m.Meshes[meshNamed(t, m, name)].Primitives[0]
		for _, r := range []int{2, 4} {
			target := len(p.Indices) / 3 / r
			out, e := Simplify(p.Positions, p.Indices, target, float32(math.Inf(1)), SimplifyOptions{Targets: p.Targets})
			if got := len(out) / 3; got > target || got < target-1 {
				t.Errorf("%s to 1/%d: %d triangles, want %d", name, r, got, target)
			}
			checkSimplified(t, p.Positions, p.Indices, out, e, mustStay(p.Positions, p.Indices))
		}
	}
}

func TestIndicesFor(t *testing.T) {
	p := Primitive{Indices: []uint32{0, 1, 2, 0, 2, 3, 0, 3, 4}, LODs: []LOD{
		{Indices: []uint32{0, 1, 2, 0, 2, 4}, Error: 0.01},
		{Indices: []uint32{0, 1, 4}, Error: 0.05},
	}}
	tests := []struct {
		maxError float32
		want     int // triangles
	}{{0, 3}, {0.009, 3}, {0.01, 2}, {0.049, 2}, {0.05, 1}, {1, 1}, {float32(math.NaN()), 3}}
	for _, tt := range tests {
		if got := len(p.IndicesFor(tt.maxError)) / 3; got != tt.want {
			t.Errorf("IndicesFor(%g): %d triangles, want %d", tt.maxError, got, tt.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { p.IndicesFor(0.02) }); n != 0 {
		t.Errorf("IndicesFor allocates %v times", n)
	}
}
