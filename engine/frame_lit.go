package engine

import (
	"math"

	"github.com/kin-companion/kin/avatar"
)

// projectLit is project for a primitive lit per vertex (see vertexLit),
// never an outline hull: one loop without calls, which would spill its
// values at every vertex, computing what lightVertex and
// [vertexRig.cosines] do (TestProjectLitMatchesLightVertex holds them
// equal).
func (f *Frame) projectLit(pi *primInfo, posed *avatar.PosedPrimitive) extent {
	v := &f.View
	a, b := v.depthCoeffs()
	ex, ey, ez := v.Eye[0], v.Eye[1], v.Eye[2]
	rx, ry, rz := v.Right[0], v.Right[1], v.Right[2]
	ux, uy, uz := v.Up[0], v.Up[1], v.Up[2]
	fx, fy, fz := v.Forward[0], v.Forward[1], v.Forward[2]
	cx, cy, fl, nearClip := v.CenterX, v.CenterY, v.Focal, v.NearClip
	kx, ky, kz := f.lights.key[0], f.lights.key[1], f.lights.key[2]
	n := len(posed.Positions)
	verts, zs, nrm, uv := f.Verts[pi.base:pi.base+n], f.z[pi.base:pi.base+n], posed.Normals[:n], pi.uv
	e := emptyExtent()
	for i := range verts {
		p := &posed.Positions[i]
		dx, dy, dz := p[0]-ex, p[1]-ey, p[2]-ez
		z := dx*fx + dy*fy + dz*fz
		zs[i] = z
		if z < nearClip {
			e.behind = true
			continue
		}
		iw := 1 / z
		sx := cx + fl*(dx*rx+dy*ry+dz*rz)*iw
		sy := cy - fl*(dx*ux+dy*uy+dz*uz)*iw
		e.grow(sx, sy)
		vt, nm := &verts[i], &nrm[i]
		// cosines, inline
		dd := dx*dx + dy*dy + dz*dz
		if dd < 1e-20 {
			dd = 1e-20
		}
		s := sqrt32(dd)
		nd := nm[0]*dx + nm[1]*dy + nm[2]*dz
		hh := 2*dd - 2*s*(kx*dx+ky*dy+kz*dz)
		if hh < 1e-20*dd {
			hh = 1e-20 * dd
		}
		nv, nh := -nd/s, (s*(nm[0]*kx+nm[1]*ky+nm[2]*kz)-nd)/sqrt32(hh)
		vt.DstX, vt.DstY = sx, sy
		vt.ColorR, vt.ColorG, vt.ColorB, vt.ColorA = nm[0]*iw, nm[1]*iw, nm[2]*iw, iw
		vt.SrcX, vt.SrcY, vt.Custom3 = nv*iw, nh*iw, 0
		if uv != nil {
			vt.Custom0, vt.Custom1 = uv[i][0]*iw, uv[i][1]*iw
		}
		vt.Custom2 = (a - iw) * b
	}
	return e
}

// extent is the screen rectangle a primitive's vertices span, as project
// finds it; behind is set when one of them is behind the near plane
// (and the rectangle is not known).
type extent struct {
	lo, hi [2]float32
	behind bool
}

// emptyExtent is the extent of no vertex.
func emptyExtent() extent {
	return extent{lo: [2]float32{math.MaxFloat32, math.MaxFloat32}, hi: [2]float32{-math.MaxFloat32, -math.MaxFloat32}}
}

// grow widens e to take in (x, y), by comparisons: the min and max
// builtins also order NaNs, which costs at every vertex.
func (e *extent) grow(x, y float32) {
	if x < e.lo[0] {
		e.lo[0] = x
	}
	if x > e.hi[0] {
		e.hi[0] = x
	}
	if y < e.lo[1] {
		e.lo[1] = y
	}
	if y > e.hi[1] {
		e.hi[1] = y
	}
}
