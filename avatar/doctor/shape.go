package doctor

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/avatar"
)

// Shape is the model's size and orientation in its rest pose, in metres
// (glTF's unit).
type Shape struct {
	// Drawable is false when no mesh of the displayed scene has a vertex.
	Drawable bool       `json:"drawable"`
	Min      [3]float64 `json:"min"`
	Max      [3]float64 `json:"max"`
	HeightM  float64    `json:"heightM"`
	// Front is the direction the format says the character faces: "+Z"
	// for glTF and VRM 1.0, "-Z" for VRM 0.x.
	Front string `json:"front"`
	// Facing is the direction the character actually faces, measured from
	// its left and right bones ("" when there are none to measure).
	Facing string `json:"facing"`
	// FloorOffsetM is the height of the lowest point above y = 0.
	FloorOffsetM float64 `json:"floorOffsetM"`
}

// The plausible heights of a character, in metres. Outside the warning
// band a file was probably exported in other units; outside the error
// band (a tenth of the lowest and ten times the highest) it certainly
// was, by a factor of 100 or 1,000 (centimetres or millimetres).
const (
	minHeight, maxHeight         = 0.3, 3.0
	minSaneHeight, maxSaneHeight = 0.03, 30.0
	floorTolerance               = 0.05 // of the height
)

// checkShape poses m at rest and reports its size, facing and floor.
func (r *Report) checkShape(m *avatar.Model) {
	p := avatar.NewPose(m)
	s := &r.Shape
	s.Front = axisName(m.Front())
	if s.Drawable = p.Drawable(); !s.Drawable {
		r.noMesh(m)
		return
	}
	s.Min, s.Max = round3(p.Min), round3(p.Max)
	s.HeightM = mm(float64(p.Max[1] - p.Min[1]))
	s.FloorOffsetM = mm(float64(p.Min[1]))
	r.checkHeight()
	r.checkFacing(m, p)
	if h := s.HeightM; h > 0 && math.Abs(s.FloorOffsetM) > floorTolerance*h {
		r.add(SevNote, AreaShape, "In Blender: put the feet at the origin (move the character so its soles touch the floor grid, then Object → Apply → Location) and re-export.",
			"The lowest point is at %.2f m, not on the floor (0). kin stands the character on its lowest point, so it looks right here; other programs will show it floating or sunk.", s.FloorOffsetM)
	}
}

// noMesh reports a file with nothing to draw.
func (r *Report) noMesh(m *avatar.Model) {
	if len(m.Clips) > 0 {
		r.add(SevError, AreaShape, "Open a character file instead: this one holds only animations, which kin cannot show on their own.",
			"The file has no mesh, only %s: nothing would appear on screen.", plural(len(m.Clips), "animation", "animations"))
		return
	}
	r.add(SevError, AreaShape, "In Blender: select the character's meshes as well as its armature before exporting (or untick Limit to Selected Objects).",
		"The file has no mesh: nothing would appear on screen.")
}

// checkHeight reports a size that suggests the wrong units.
func (r *Report) checkHeight() {
	h := r.Shape.HeightM
	fix := "In Blender: scale the character to its real height in metres, apply the scale (Ctrl+A → Scale) and re-export; or set the exporter's unit scale so 1 unit is 1 metre."
	switch {
	case h > maxSaneHeight:
		r.add(SevError, AreaShape, fix, "The model is %.1f m tall: it was probably made in centimetres (glTF counts in metres), so it is %s too big.", h, factor(h))
	case h < minSaneHeight:
		r.add(SevError, AreaShape, fix, "The model is %.3f m tall: it was probably made in other units (glTF counts in metres), so it is tiny.", h)
	case h > maxHeight:
		r.add(SevWarning, AreaShape, fix, "The model is %.1f m tall, more than a person: check its units (glTF counts in metres).", h)
	case h < minHeight:
		r.add(SevWarning, AreaShape, fix, "The model is only %.2f m tall, less than a person: check its units (glTF counts in metres).", h)
	}
}

// factor names the power of ten that brings h to a person's height.
func factor(h float64) string {
	return fmt.Sprintf("about %g×", math.Pow(10, math.Round(math.Log10(h/1.7))))
}

// sidePairs are left/right bones to measure facing by, best first.
var sidePairs = [][2]avatar.Bone{
	{avatar.BoneLeftUpperArm, avatar.BoneRightUpperArm}, {avatar.BoneLeftShoulder, avatar.BoneRightShoulder},
	{avatar.BoneLeftUpperLeg, avatar.BoneRightUpperLeg}, {avatar.BoneLeftHand, avatar.BoneRightHand},
}

// checkFacing measures which way the character faces: for one standing
// with +Y up and facing +Z, its left side is at +X.
func (r *Report) checkFacing(m *avatar.Model, p *avatar.Pose) {
	pos := func(b avatar.Bone) mgl32.Vec3 { return p.World[m.Humanoid.Node(b)].Col(3).Vec3() }
	if m.Humanoid.Node(avatar.BoneHips) >= 0 && m.Humanoid.Node(avatar.BoneHead) >= 0 {
		d := pos(avatar.BoneHead).Sub(pos(avatar.BoneHips))
		if d.Len() > 1e-6 && (d[1] <= 0 || d[1] < abs(d[0]) || d[1] < abs(d[2])) {
			r.add(SevError, AreaShape, "Re-export with +Y up (Blender's glTF exporter: Include → Transform → +Y Up), with the character standing.",
				"The head is not above the hips: the character is lying down or upside down (the file is probably Z-up).")
			return
		}
	}
	for _, pair := range sidePairs {
		if m.Humanoid.Node(pair[0]) < 0 || m.Humanoid.Node(pair[1]) < 0 {
			continue
		}
		dx := pos(pair[0])[0] - pos(pair[1])[0]
		if abs(dx) < 1e-4 {
			continue
		}
		r.Shape.Facing = "-Z"
		if dx > 0 {
			r.Shape.Facing = "+Z"
		}
		r.reportFacing(m)
		return
	}
}

// reportFacing compares the measured facing with the format's.
func (r *Report) reportFacing(m *avatar.Model) {
	s := &r.Shape
	switch {
	case s.Facing != s.Front:
		r.add(SevWarning, AreaShape, "In Blender: rotate the character 180° about the up axis, apply the rotation (Ctrl+A → Rotation) and re-export.",
			"The character faces %s, but %s characters face %s: kin will show its back and turn its head and gestures the wrong way.", s.Facing, formatName(m.Format), s.Front)
	case m.Format == avatar.FormatVRM0:
		r.add(SevNote, AreaShape, "Nothing to do: other programs that show VRM 0.x characters turn them around too.",
			"As VRM 0.x files do, the file faces -Z: kin turns the character around so that it faces the camera (+Z), with its head, gaze and gestures.")
	}
}

func formatName(f avatar.Format) string {
	switch f {
	case avatar.FormatVRM0:
		return "VRM 0.x"
	case avatar.FormatVRM1:
		return "VRM 1.0"
	}
	return "glTF"
}

func axisName(v mgl32.Vec3) string {
	if v[2] < 0 {
		return "-Z"
	}
	return "+Z"
}

// mm rounds metres to millimetres, so reports compare across machines.
func mm(x float64) float64 { return math.Round(x*1000) / 1000 }

func round3(v mgl32.Vec3) [3]float64 {
	return [3]float64{mm(float64(v[0])), mm(float64(v[1])), mm(float64(v[2]))}
}

func abs(x float32) float32 { return float32(math.Abs(float64(x))) }
