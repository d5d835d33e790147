package engine

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/avatar"
)

// TickRate is the base simulation rate: each Update advances time by
// 1/TickRate, or by less when the frame-rate cap is higher (see syncRate).
const TickRate = 60

// Scene is one character and its camera: the model, its Empathy Layer
// (avatar.Character, which owns the pose and all motion) and the framing.
type Scene struct {
	Model *avatar.Model
	Pose  *avatar.Pose
	Char  *avatar.Character
	// Time is the scene clock in seconds.
	Time float64
	// Portrait frames head and shoulders instead of the full body.
	Portrait bool
	// Orbit is the user's change to the framed camera.
	Orbit Orbit

	home [2]framing         // rest framing: full body, portrait
	head []avatar.VertexRef // some of the head's vertices, for what the screen shows of it (see headSpan)
}

// Orbit is the user's camera adjustment: angles added to the framed view
// and a zoom factor on its distance.
type Orbit struct {
	Yaw, Pitch float32
	Zoom       float32 // 1 is the framed distance; smaller is closer
}

// framing is a camera target and the half extents to keep in view.
type framing struct {
	target       mgl32.Vec3
	halfW, halfH float32
	depth        float32 // the model's half depth, added to the distance
}

// fovY is the vertical field of view: a slightly long lens flatters faces.
const fovY = 28 * math.Pi / 180

// NewScene builds m's character, poses it at rest and frames it. The
// character's random motion (blinks, saccades) is seeded, so a scene
// replays the same way every time.
func NewScene(m *avatar.Model) *Scene {
	c := avatar.NewCharacter(m, 1)
	s := &Scene{Model: m, Pose: c.Pose, Char: c, Orbit: Orbit{Zoom: 1}}
	s.Step(0)
	s.home[0] = frameBody(s.Pose)
	s.home[1] = framePortrait(s.Pose, s.home[0])
	s.head = s.Pose.BoneVertices(avatar.BoneHead, headVerts)
	return s
}

// headVerts is how many of the head's vertices headSpan projects: enough
// to find the tip of the nose and the back of the hair.
const headVerts = 400

// Tick advances the character's motion by dt seconds without posing the
// vertices; Update calls it every tick.
func (s *Scene) Tick(dt float64) {
	s.Time += dt
	s.Char.Animate(float32(dt))
	s.Char.Simulate(float32(dt))
}

// Step advances by dt seconds and poses the vertices for drawing.
func (s *Scene) Step(dt float64) {
	s.Tick(dt)
	s.Pose.Update()
}

// SetExpression pins a named expression at weight w (0..1; 0 releases it);
// it reports whether the model has the expression.
func (s *Scene) SetExpression(name string, w float32) bool {
	return s.Char.HoldExpression(name, w)
}

// Camera returns the camera for a viewport of the given aspect (w/h).
func (s *Scene) Camera(aspect float32) Camera {
	f := s.home[0]
	if s.Portrait {
		f = s.home[1]
	}
	tan := float32(math.Tan(fovY / 2))
	dist := max(f.halfH/tan, f.halfW/(tan*aspect)) + f.depth
	zoom := s.Orbit.Zoom
	if zoom <= 0 {
		zoom = 1
	}
	return Camera{Target: f.target, Yaw: s.Orbit.Yaw, Pitch: s.Orbit.Pitch, Distance: dist * zoom, FovY: fovY}
}

// gestureHeadroom is the room above a humanoid's head, as a fraction of
// its height, kept in the full-body view for hands raised in a wave or a
// cheer.
const gestureHeadroom = 0.14

// frameBody frames the whole posed model with a small margin, and for a
// humanoid the headroom its gestures reach into.
func frameBody(p *avatar.Pose) framing {
	lo, hi := p.Min, p.Max
	if p.Model.Humanoid.Node(avatar.BoneHead) >= 0 {
		hi[1] += gestureHeadroom * (hi[1] - lo[1])
	}
	c := lo.Add(hi).Mul(0.5)
	size := hi.Sub(lo)
	return framing{target: c, halfW: size[0] * 0.55, halfH: size[1] * 0.54, depth: size[2] * 0.5}
}

// framePortrait frames head and shoulders for a humanoid, from the head
// bone to the top of the model; other models keep the body framing.
func framePortrait(p *avatar.Pose, body framing) framing {
	head := p.Model.Humanoid.Node(avatar.BoneHead)
	if head < 0 {
		return body
	}
	hp := p.World[head].Col(3).Vec3()
	top := p.Max[1]
	hs := top - hp[1]
	if hs <= 0 {
		return body
	}
	lo, hi := hp[1]-1.1*hs, top+0.18*hs
	target := mgl32.Vec3{hp[0], (lo + hi) / 2, hp[2]}
	return framing{target: target, halfW: 0.9 * hs, halfH: (hi - lo) / 2, depth: hs * 0.6}
}
