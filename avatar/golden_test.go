package avatar

import (
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// poseSnapshot is what a golden file holds for one time: every skin's joint
// matrices and every node's morph weights, rounded to 1e-4.
type poseSnapshot struct {
	Clip    string               `json:"clip"`
	Time    float32              `json:"time"`
	Joints  [][][16]float64      `json:"joints"`
	Weights map[string][]float64 `json:"weights,omitempty"`
}

func round4(x float32) float64 { return math.Round(float64(x)*1e4) / 1e4 }

func snapshot(p *Pose, clip string, t float32) poseSnapshot {
	s := poseSnapshot{Clip: clip, Time: t, Weights: map[string][]float64{}}
	for _, js := range p.Joints {
		var skin [][16]float64
		for _, m := range js {
			var r [16]float64
			for i, v := range m {
				r[i] = round4(v)
			}
			skin = append(skin, r)
		}
		s.Joints = append(s.Joints, skin)
	}
	for n, w := range p.Weights {
		if w == nil {
			continue
		}
		var r []float64
		for _, v := range w {
			r = append(r, round4(v))
		}
		s.Weights[p.Model.Nodes[n].Name] = r
	}
	return s
}

// checkGolden compares got with testdata/name, or rewrites it with -update.
// Values may differ by 2e-4 (rounding on another CPU).
func checkGolden(t *testing.T, name string, got []poseSnapshot) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		data, _ := json.MarshalIndent(got, "", " ")
		if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update to create it)", err)
	}
	var want []poseSnapshot
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(want) != len(got) {
		t.Fatalf("%s: %d snapshots, want %d", name, len(got), len(want))
	}
	for i := range want {
		compareSnapshot(t, name, want[i], got[i])
	}
}

func compareSnapshot(t *testing.T, name string, want, got poseSnapshot) {
	t.Helper()
	if len(want.Joints) != len(got.Joints) {
		t.Fatalf("%s at %v: %d skins, want %d", name, got.Time, len(got.Joints), len(want.Joints))
	}
	for s := range want.Joints {
		for j := range want.Joints[s] {
			for k := range want.Joints[s][j] {
				if math.Abs(want.Joints[s][j][k]-got.Joints[s][j][k]) > 2e-4 {
					t.Fatalf("%s %s at %v: skin %d joint %d element %d = %v, want %v", name, got.Clip, got.Time, s, j, k, got.Joints[s][j][k], want.Joints[s][j][k])
				}
			}
		}
	}
	for node, w := range want.Weights {
		for k := range w {
			if k >= len(got.Weights[node]) || math.Abs(w[k]-got.Weights[node][k]) > 2e-4 {
				t.Fatalf("%s at %v: node %s weights %v, want %v", name, got.Time, node, got.Weights[node], w)
			}
		}
	}
}

func TestGoldenCesiumMan(t *testing.T) {
	m, err := Load(sharedAsset(t, "CesiumMan.glb"))
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "cesiumman.golden.json", sampleAt(m, m.Clips[0], 0, 0.5, 1.25, 1.9))
}

func TestGoldenFox(t *testing.T) {
	m, err := Load(sharedAsset(t, "Fox.glb"))
	if err != nil {
		t.Fatal(err)
	}
	var got []poseSnapshot
	for _, c := range m.Clips {
		got = append(got, sampleAt(m, c, 0.3, 1.1)...)
	}
	checkGolden(t, "fox.golden.json", got)
}

// TestGoldenVisage poses the default avatar with the idle clip retargeted
// from its separate file, plus a smile on its morph targets.
func TestGoldenVisage(t *testing.T) {
	m, err := Load(sharedAsset(t, "rpm-visage-male.glb"))
	if err != nil {
		t.Fatal(err)
	}
	idle, err := Load(sharedAsset(t, "rpm-visage-maleIdle.glb"))
	if err != nil {
		t.Fatal(err)
	}
	clip, err := Retarget(idle.Clips[0], idle, m)
	if err != nil {
		t.Fatal(err)
	}
	if len(clip.Channels) < 50 {
		t.Errorf("retargeted %d channels; the idle clip has 53 rotations", len(clip.Channels))
	}
	p := NewPose(m)
	slots, _ := findTargets(p, []string{"mouthSmileLeft", "mouthSmileRight", "jawOpen"})
	var got []poseSnapshot
	for _, at := range []float32{0, 1.5, 4.2} {
		p.Reset()
		clip.Sample(at, p, 1)
		for _, s := range slots {
			p.Weights[s.node][s.target] = at / 5
		}
		p.Update()
		got = append(got, snapshot(p, clip.Name, at))
	}
	checkGolden(t, "visage.golden.json", got)
}

func sampleAt(m *Model, c *Clip, times ...float32) []poseSnapshot {
	p := NewPose(m)
	var out []poseSnapshot
	for _, at := range times {
		p.Reset()
		c.Sample(at, p, 1)
		p.Update()
		out = append(out, snapshot(p, c.Name, at))
	}
	return out
}
