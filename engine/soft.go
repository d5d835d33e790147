package engine

import (
	"image"
	"unsafe"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/raster"
)

// software draws the character on the CPU with package raster: one pass
// with a real depth buffer instead of the GPU's depth and colour passes,
// which on a software GPU (llvmpipe) costs several times more. The result
// goes into the colour buffer, and the final pass is the same either way.
type software struct {
	r      raster.Renderer
	t      raster.Target
	lights raster.Lights
	draws  []raster.Draw
}

// The frame's vertices are read in place as raster vertices.
var _ [unsafe.Sizeof(ebiten.Vertex{}) - unsafe.Sizeof(raster.Vertex{})]byte
var _ [unsafe.Sizeof(raster.Vertex{}) - unsafe.Sizeof(ebiten.Vertex{})]byte

// rasterVerts views ebiten vertices as raster vertices (same layout; see
// TestRasterVertexLayout).
func rasterVerts(v []ebiten.Vertex) []raster.Vertex {
	if len(v) == 0 {
		return nil
	}
	return unsafe.Slice((*raster.Vertex)(unsafe.Pointer(&v[0])), len(v))
}

// softMesh is what the CPU renderer keeps of a mesh: a raster material
// per slot, and one for the slot's MToon outline (zero when it has none).
type softMesh struct {
	mats, outline []raster.Material
}

// softMaterials describes the mesh's materials for package raster.
func softMaterials(m *avatar.Model, g *Mesh) softMesh {
	var sm softMesh
	for s := 0; s <= len(m.Materials); s++ {
		mat := &defaultMaterial
		if s < len(m.Materials) {
			mat = &m.Materials[s]
		}
		rm := raster.Material{BaseColor: mat.BaseColor, Cutoff: mat.AlphaCutoff, Emissive: mat.Emissive,
			Alpha: raster.Alpha(mat.AlphaMode), Textured: g.matTex[s] >= 0, EmitTex: g.matEmit[s] >= 0,
			Unlit: mat.Unlit, Toon: mat.Toon, VertexLit: vertexLit(m, mat)}
		if mat.AlphaMode == avatar.AlphaMask && mat.AlphaCutoff == 0 {
			rm.Cutoff = 0.5
		}
		if t := firstTexture(g.matTex[s], g.matEmit[s], g.matAux[s]); t >= 0 {
			smp := m.Textures[t].Sampler
			rm.Sampler = raster.Sampler{Nearest: smp.Nearest, WrapS: raster.Wrap(smp.WrapS), WrapT: raster.Wrap(smp.WrapT)}
		}
		if mat.MToon != nil && !mat.Unlit {
			rm.MToon, rm.Toon = softMToon(m, mat, g.matTex[s], g.matAux[s], !g.auxLOD[s]), false
		}
		sm.mats = append(sm.mats, rm)
		var ol raster.Material
		if _, ok := outlineHull(primInfo{}, mat); ok { // an opaque hull without UVs, in one colour
			ol = raster.Material{Outline: true, OutlineColor: mat.MToon.OutlineColor, OutlineMix: mat.MToon.OutlineLightingMix}
		}
		sm.outline = append(sm.outline, ol)
	}
	return sm
}

// softMToon is an MToon material's parameters for package raster (as
// mtoonFeatures and mtoonUniforms give them to the shader): base and aux
// are its base colour and MToon textures, matcap whether aux is a MatCap.
func softMToon(m *avatar.Model, mat *avatar.Material, base, aux int, matcap bool) *raster.MToon {
	mt := mat.MToon
	w := max(2-2*mt.ShadingToony, 1e-3)
	p := &raster.MToon{ShadeColor: mt.ShadeColor, ToonRamp: [2]float32{1 / w, (mt.ShadingShift + 1 - mt.ShadingToony) / w},
		GIEqualization: mt.GIEqualization, RimColor: mt.RimColor, RimPower: max(mt.RimFresnelPower, 1e-3),
		RimLift: mt.RimLift, RimMix: mt.RimLightingMix, MatcapFactor: mt.MatcapFactor,
		Matcap: aux >= 0 && matcap, Rim: mt.RimColor != ([3]float32{})}
	switch {
	case aux >= 0 && !matcap:
		p.ShadeTex = 2
	case base >= 0 && decoded(m, mt.ShadeTexture) == base:
		p.ShadeTex = 1
	}
	return p
}

// softPass renders the frame's region (render pixels) on the CPU into the
// colour buffer.
func (r *Renderer) softPass(g *Mesh, region image.Rectangle) {
	if region.Empty() {
		return
	}
	r.softRender(g, region)
	r.cbuf.SubImage(region).(*ebiten.Image).WritePixels(r.sw.t.Pix)
}

// softRender renders the frame's region into the CPU renderer's target.
// For a frame like the last it allocates nothing.
func (r *Renderer) softRender(g *Mesh, region image.Rectangle) {
	r.softPrepare(g, region)
	r.sw.r.Render(&r.sw.t, r.sw.draws, &r.sw.lights)
}

// softPrepare readies the CPU renderer to render the frame's region: its
// lights, its draws and its target.
func (r *Renderer) softPrepare(g *Mesh, region image.Rectangle) {
	sw := r.sw
	sw.setLights(r.fu)
	sw.draws = sw.draws[:0]
	for i := range g.Frame.Draws {
		d := &g.Frame.Draws[i]
		s := g.slot(d.Material)
		rd := raster.Draw{Verts: rasterVerts(d.Verts), Indices: d.Indices, Mat: &g.soft.mats[s], Depth: d.Cover}
		if d.Outline {
			rd.Mat = &g.soft.outline[s]
			sw.draws = append(sw.draws, rd)
			continue
		}
		if t := g.matTex[s]; t >= 0 && g.textures[t] != nil {
			rd.Base = g.textures[t].cpuLevel(d.LOD)
		}
		if t := g.matEmit[s]; t >= 0 && g.textures[t] != nil {
			rd.Emit = g.textures[t].cpuLevel(d.LOD)
		}
		if t := g.matAux[s]; t >= 0 && g.textures[t] != nil {
			lod := d.LOD
			if !g.auxLOD[s] { // a MatCap is indexed by the normal: its finest level
				lod = 0
			}
			rd.Aux = g.textures[t].cpuLevel(lod)
		}
		sw.draws = append(sw.draws, rd)
	}
	sw.t.Reset(region)
}

// setLights copies the frame's uniforms into the raster lights.
func (sw *software) setLights(u *frameUniforms) {
	l := &sw.lights
	for _, c := range []struct {
		dst *[3]float32
		src []float32
	}{{&l.ViewX, u.viewX}, {&l.ViewY, u.viewY}, {&l.ViewO, u.viewO}, {&l.KeyDir, u.keyDir}, {&l.KeyColor, u.keyColor},
		{&l.FillDir, u.fillDir}, {&l.FillColor, u.fillColor}, {&l.RimDir, u.rimDir}, {&l.RimColor, u.rimColor},
		{&l.Sky, u.sky}, {&l.Ground, u.ground}, {&l.LightBias, u.lightBias}, {&l.HemiMid, u.hemiMid},
		{&l.HemiSlope, u.hemiSlope}, {&l.KeySpec, u.keySpec}, {&l.CamRight, u.camRight}, {&l.CamUp, u.camUp}} {
		copy(c.dst[:], c.src)
	}
	copy(l.LightMat[:], u.lightMat)
	l.Specular, l.Exposure = u.specular[0], u.exposure[0]
	l.DepthW[0], l.DepthW[1] = u.depthW[0], u.depthW[1]
}

// cpuLevel returns mip level i of the texture for the CPU renderer. It
// is built the first time by halving the nearest finer one, or else from
// the decoded source; when that was dropped, a coarser level is drawn while
// the file decodes off the game loop, as for the GPU (see level).
func (t *texture) cpuLevel(i int) *raster.Image {
	i = min(max(i, 0), len(t.levels)-1)
	if t.cpu == nil {
		t.cpu = make([]*raster.Image, len(t.levels))
	}
	if t.cpu[i] != nil {
		return t.cpu[i]
	}
	j := finer(t.cpu, i)
	var img *image.RGBA
	if j >= 0 {
		img = t.cpu[j].RGBA()
	} else {
		if c := coarser(t.cpu, i); !t.sourceReady(c != nil) {
			return c
		}
		img, j = baseLevel(t.src), 0
	}
	for ; j < i; j++ {
		img = halve(img)
	}
	t.cpu[i] = raster.NewImage(img.Rect.Dx(), img.Rect.Dy(), img.Pix)
	return t.cpu[i]
}
