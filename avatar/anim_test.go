package avatar

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func near(a, b, eps float32) bool { return float32(math.Abs(float64(a-b))) <= eps }

// TestInterpolationTest samples the Khronos InterpolationTest model at
// chosen times; expected values are worked out by hand from the glTF 2.0
// formulas and the keyframes in the file.
func TestInterpolationTest(t *testing.T) {
	m, err := Load(sharedAsset(t, "InterpolationTest.glb"))
	if err != nil {
		t.Fatal(err)
	}
	clip := func(name string) *Clip {
		for _, c := range m.Clips {
			if c.Name == name {
				return c
			}
		}
		t.Fatalf("no clip %q", name)
		return nil
	}
	mid := float32(0.041666668+0.41666666) / 2 // halfway between the first two scale keys
	quarter := float32(0.041666668) + 0.25*(0.41666666-0.041666668)
	sin, cos := float32(math.Sin(math.Pi/16)), float32(math.Cos(math.Pi/16))
	cases := []struct {
		clip string
		t    float32
		want [4]float32 // x,y,z(,w)
	}{
		{"Step Scale", 0.3, [4]float32{1, 1, 1}},
		{"Step Scale", 0.5, [4]float32{0.5, 0.5, 0.5}},
		{"Step Scale", 0, [4]float32{1, 1, 1}}, // before the first key: first value
		{"Step Scale", 9, [4]float32{1, 1, 1}}, // after the last key: last value
		{"Linear Scale", mid, [4]float32{0.75, 0.75, 0.75}},
		// Zero tangents: h00(½)=½, h01(½)=½ → ½·1 + ½·0.5.
		{"CubicSpline Scale", mid, [4]float32{0.75, 0.75, 0.75}},
		// h00(¼)=0.84375, h01(¼)=0.15625 → 0.84375 + 0.078125.
		{"CubicSpline Scale", quarter, [4]float32{0.921875, 0.921875, 0.921875}},
		{"Step Rotation", 0.5, [4]float32{0, 0, -0.38268346, 0.92387956}},
		// Halfway between identity and −45° about z is −22.5°: (0,0,−sin 11.25°, cos 11.25°).
		{"Linear Rotation", 0.41666666 / 2, [4]float32{0, 0, -sin, cos}},
		{"CubicSpline Rotation", 0.875, [4]float32{0, 0, -0.7071068, 0.7071068}},
		{"Step Translation", 1.0, [4]float32{0, 6, 0}},
		{"Linear Translation", 0.625, [4]float32{-3.2975807, 8, 0}},
		// Zero tangents again: 0.84375·6.640117 + 0.15625·10.
		{"CubicSpline Translation", 0.41666666 / 4, [4]float32{3.3051798, 0.84375*6.640117 + 0.15625*10, 0}},
	}
	p := NewPose(m)
	for _, c := range cases {
		cl := clip(c.clip)
		p.Reset()
		cl.Sample(c.t, p, 1)
		l := p.Local[cl.Channels[0].Node]
		var got [4]float32
		switch cl.Channels[0].Path {
		case PathScale:
			copy(got[:], l.S[:])
		case PathTranslation:
			copy(got[:], l.T[:])
		case PathRotation:
			got = [4]float32{l.R.V[0], l.R.V[1], l.R.V[2], l.R.W}
		}
		for i := range got {
			if !near(got[i], c.want[i], 1e-4) {
				t.Errorf("%s at %.4f: got %v, want %v", c.clip, c.t, got, c.want)
				break
			}
		}
	}
}

// TestCubicSplineTangents checks the Hermite formula with non-zero tangents:
// keys (0, v=0, out=1) and (2, in=−1, v=1); at s=½, h00=½, h10=⅛, h01=½,
// h11=−⅛, so p = 2·⅛·1 + ½·1 + 2·(−⅛)·(−1) = 1.
func TestCubicSplineTangents(t *testing.T) {
	ch := Channel{Path: PathTranslation, Interp: InterpCubicSpline, Width: 3, Times: []float32{0, 2},
		Values: []float32{
			0, 0, 0, 0, 0, 0, 1, 0, 0, // key 0: in, value, out
			-1, 0, 0, 1, 0, 0, 0, 0, 0, // key 1
		}}
	out := make([]float32, 3)
	ch.eval(1, out)
	if !near(out[0], 1, 1e-6) {
		t.Errorf("p(1) = %v, want 1", out[0])
	}
	ch.eval(0.5, out) // s=¼: h10=9/64, h01=5/32, h11=−3/64 → 2·9/64 + 5/32 + 2·3/64
	if want := float32(18.0/64 + 10.0/64 + 6.0/64); !near(out[0], want, 1e-6) {
		t.Errorf("p(0.5) = %v, want %v", out[0], want)
	}
}

// TestCrossFade mixes two clips by weight.
func TestCrossFade(t *testing.T) {
	m, err := Load(sharedAsset(t, "InterpolationTest.glb"))
	if err != nil {
		t.Fatal(err)
	}
	p := NewPose(m)
	a := &Clip{Channels: []Channel{{Node: 0, Path: PathTranslation, Width: 3, Times: []float32{0}, Values: []float32{0, 0, 0}}}}
	b := &Clip{Channels: []Channel{{Node: 0, Path: PathTranslation, Width: 3, Times: []float32{0}, Values: []float32{2, 4, 0}}}}
	a.Sample(0, p, 1)
	b.Sample(0, p, 0.25)
	if got := p.Local[0].T; got != (mgl32.Vec3{0.5, 1, 0}) {
		t.Errorf("cross-fade at 0.25: %v", got)
	}
}

func TestLoopTime(t *testing.T) {
	c := &Clip{Duration: 2}
	if got := c.LoopTime(5.5); !near(got, 1.5, 1e-6) {
		t.Errorf("LoopTime(5.5) = %v", got)
	}
}
