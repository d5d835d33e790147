package engine

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/kin-companion/kin/avatar"
)

// depthTolerance is how far (in steps of the 10-bit depth key) behind the
// nearest depth a fragment may be and still be coloured: enough to absorb
// float rounding between passes, a few microns on a face.
const depthTolerance = 0.05

// frameUniforms holds the per-frame shader values. Each slice is boxed into
// every material's uniform map once; updating the slices in place changes
// them everywhere without allocating.
type frameUniforms struct {
	viewX, viewY, viewO, camRight, camUp []float32
	keyDir, keyColor, fillDir, fillColor []float32
	rimDir, rimColor, sky, ground        []float32
	specular, exposure                   []float32
	depthW                               []float32
	// Folded for the materials lit per vertex (see vertexShaded in
	// shaders/color.kage).
	lightMat, lightBias, hemiMid, hemiSlope, keySpec []float32
}

func newFrameUniforms() *frameUniforms {
	v := func(n int) []float32 { return make([]float32, n) }
	return &frameUniforms{
		viewX: v(3), viewY: v(3), viewO: v(3), camRight: v(3), camUp: v(3),
		keyDir: v(3), keyColor: v(3), fillDir: v(3), fillColor: v(3),
		rimDir: v(3), rimColor: v(3), sky: v(3), ground: v(3),
		specular: v(1), exposure: v(1), depthW: v(2),
		lightMat: v(9), lightBias: v(3), hemiMid: v(3), hemiSlope: v(3), keySpec: v(3),
	}
}

// set updates the values for a view and a light rig.
func (u *frameUniforms) set(v *View, rig *Rig) {
	copy(u.camRight, v.Right[:])
	copy(u.camUp, v.Up[:])
	x, y := v.Right.Mul(1/v.Focal), v.Up.Mul(-1/v.Focal)
	setVec(u.viewX, x)
	setVec(u.viewY, y)
	setVec(u.viewO, v.Forward.Sub(x.Mul(v.CenterX)).Sub(y.Mul(v.CenterY)))
	setVec(u.keyDir, rig.Key.dir(v))
	setVec(u.fillDir, rig.Fill.dir(v))
	setVec(u.rimDir, rig.Rim.dir(v))
	copy(u.keyColor, rig.Key.Color[:])
	copy(u.fillColor, rig.Fill.Color[:])
	copy(u.rimColor, rig.Rim.Color[:])
	copy(u.sky, rig.Sky[:])
	copy(u.ground, rig.Ground[:])
	u.specular[0], u.exposure[0] = rig.Specular, rig.Exposure
	a, b := v.depthCoeffs()
	u.depthW[0], u.depthW[1] = a, 1/b
	u.fold(v, rig)
}

// fold sets the lights folded for the materials lit per vertex: the
// columns of lightMat (column-major, as Kage reads a mat3) dotted with a
// normal, plus lightBias, give the key's and fill's wrapped Lambert terms
// (wraps 0.3 and 0.5) and the rim light's factor N·R·0.6 + 0.4.
func (u *frameUniforms) fold(v *View, rig *Rig) {
	setVec(u.lightMat[0:3], rig.Key.dir(v).Mul(1/1.3))
	setVec(u.lightMat[3:6], rig.Fill.dir(v).Mul(1/1.5))
	setVec(u.lightMat[6:9], rig.Rim.dir(v).Mul(0.6))
	u.lightBias[0], u.lightBias[1], u.lightBias[2] = 0.3/1.3, 0.5/1.5, 0.4
	for k := range 3 {
		u.hemiMid[k] = (rig.Sky[k] + rig.Ground[k]) / 2
		u.hemiSlope[k] = (rig.Sky[k] - rig.Ground[k]) / 2
		u.keySpec[k] = rig.Key.Color[k] * rig.Specular
	}
}

func setVec(dst []float32, v mgl32.Vec3) { copy(dst, v[:]) }

// materialUniforms builds the uniform map of one material, sharing the
// frame's slices. Its features (texture, alpha mode, wrap, …) are compiled
// into its shaders instead (see materialFeatures).
func materialUniforms(mat *avatar.Material, fu *frameUniforms) map[string]any {
	u := map[string]any{
		"BaseColor": mat.BaseColor[:], "Cutoff": mat.AlphaCutoff, "Emissive": mat.Emissive[:],
		"Tolerance": float32(depthTolerance),
		"ViewX":     fu.viewX, "ViewY": fu.viewY, "ViewO": fu.viewO,
		"KeyDir": fu.keyDir, "KeyColor": fu.keyColor, "FillDir": fu.fillDir, "FillColor": fu.fillColor,
		"RimDir": fu.rimDir, "RimColor": fu.rimColor, "SkyColor": fu.sky, "GroundColor": fu.ground,
		"Specular": fu.specular, "Exposure": fu.exposure, "DepthW": fu.depthW,
		"LightMat": fu.lightMat, "LightBias": fu.lightBias, "HemiMid": fu.hemiMid, "HemiSlope": fu.hemiSlope,
		"KeySpec": fu.keySpec,
	}
	if mat.AlphaMode == avatar.AlphaMask && mat.AlphaCutoff == 0 {
		u["Cutoff"] = float32(0.5)
	}
	if mat.MToon != nil {
		mtoonUniforms(u, mat.MToon, fu)
	}
	return u
}
