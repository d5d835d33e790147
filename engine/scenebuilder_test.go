package engine

import (
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/avatar"
)

// sceneBuilder assembles synthetic models for tests: one rigid node per
// primitive.
type sceneBuilder struct {
	m *avatar.Model
}

// material adds an opaque, unlit-free material of colour c.
func (b *sceneBuilder) material(c [4]float32) int {
	b.m.Materials = append(b.m.Materials, avatar.Material{BaseColor: c, AlphaCutoff: 0.5})
	return len(b.m.Materials) - 1
}

// add puts a primitive into the scene on its own node.
func (b *sceneBuilder) add(p avatar.Primitive) {
	b.m.Meshes = append(b.m.Meshes, avatar.Mesh{Primitives: []avatar.Primitive{p}})
	n := len(b.m.Nodes)
	b.m.Nodes = append(b.m.Nodes, avatar.Node{Parent: -1, Mesh: len(b.m.Meshes) - 1, Skin: -1, Rest: avatar.IdentityTRS})
	b.m.Roots = append(b.m.Roots, n)
}

// sphere adds a UV sphere; cap adds only the part above polar angle
// limit·π (a cap around +Y).
func (b *sceneBuilder) sphere(c mgl32.Vec3, r float32, mat int) { b.cap(c, r, 1, mat) }

func (b *sceneBuilder) cap(c mgl32.Vec3, r float32, limit float64, mat int) {
	const rings, segs = 32, 48
	var p avatar.Primitive
	p.Material = mat
	for i := 0; i <= rings; i++ {
		th := math.Pi * limit * float64(i) / rings
		for j := 0; j <= segs; j++ {
			ph := 2 * math.Pi * float64(j) / segs
			n := mgl32.Vec3{float32(math.Sin(th) * math.Sin(ph)), float32(math.Cos(th)), float32(math.Sin(th) * math.Cos(ph))}
			p.Positions = append(p.Positions, c.Add(n.Mul(r)))
			p.Normals = append(p.Normals, n)
		}
	}
	for i := 0; i < rings; i++ {
		for j := 0; j < segs; j++ {
			a := uint32(i*(segs+1) + j)
			d := a + segs + 1
			p.Indices = append(p.Indices, a, d, a+1, a+1, d, d+1)
		}
	}
	b.add(p)
}

// card adds a 1 m square facing +Z at the origin with UVs over the whole
// texture (v down), for textured-material tests.
func (b *sceneBuilder) card(mat int) {
	var p avatar.Primitive
	p.Material = mat
	for _, q := range [][4]float32{{-0.5, -0.5, 0, 1}, {0.5, -0.5, 1, 1}, {0.5, 0.5, 1, 0}, {-0.5, 0.5, 0, 0}} {
		p.Positions = append(p.Positions, mgl32.Vec3{q[0], q[1], 0})
		p.Normals = append(p.Normals, mgl32.Vec3{0, 0, 1})
		p.UV0 = append(p.UV0, [2]float32{q[2], q[3]})
	}
	p.Indices = []uint32{0, 1, 2, 0, 2, 3}
	b.add(p)
}

// drawOnce draws a prepared model through cam with a fresh renderer
// (adjusted by setup, when given) into a w×h target, freed when the test
// ends.
func drawOnce(t *testing.T, l *Loaded, cam Camera, w, h int, setup func(*Renderer)) (*Renderer, *Mesh, *ebiten.Image) {
	t.Helper()
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	if setup != nil {
		setup(r)
	}
	l.Scene.Step(0)
	mesh := r.Adopt(l)
	dst := ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
	t.Cleanup(func() { mesh.Dispose(); dst.Deallocate() })
	r.Draw(dst, mesh, l.Scene.Pose, &cam)
	return r, mesh, dst
}

// slab adds a thin 8 cm × 3 cm quad facing +Z at c, turned by angle about
// the Y axis.
func (b *sceneBuilder) slab(c mgl32.Vec3, angle float32, mat int) {
	rot := mgl32.QuatRotate(angle, mgl32.Vec3{0, 1, 0})
	n := rot.Rotate(mgl32.Vec3{0, 0, 1})
	var p avatar.Primitive
	p.Material = mat
	for _, q := range [][2]float32{{-0.04, -0.015}, {0.04, -0.015}, {0.04, 0.015}, {-0.04, 0.015}} {
		p.Positions = append(p.Positions, c.Add(rot.Rotate(mgl32.Vec3{q[0], q[1], 0})))
		p.Normals = append(p.Normals, n)
	}
	p.Indices = []uint32{0, 1, 2, 0, 2, 3}
	b.add(p)
}
