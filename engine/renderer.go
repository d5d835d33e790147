package engine

import (
	"image"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/shaders"
)

// Renderer draws posed models with a per-pixel 10-bit depth test (see the
// package documentation). It owns the offscreen targets, resized to the
// output as needed.
type Renderer struct {
	// Rig lights the scene.
	Rig Rig
	// Transparent leaves the background transparent (the overlay); otherwise
	// a soft gradient fills it.
	Transparent bool
	// Direct leaves the frame out of the target: the caller composites it
	// onto the window itself with CompositeOnto (see Game.DrawFinalScreen),
	// and the target only gets a pixel cleared, which tells Ebitengine
	// that there is a new frame to present. For a window holding the
	// character alone.
	Direct bool
	// Smooth enables the edge-smoothing filter of the final pass.
	Smooth bool
	// NoShadow leaves out the soft contact shadow under the character.
	NoShadow bool
	// WholeIfDrawn makes a frame that is drawn repaint the whole target
	// rather than the character's rectangle (text drawn over the last frame
	// must be painted over), without forcing a still frame to be drawn.
	// Only the character's rectangles are rendered anew; the rest comes
	// from the colour buffer.
	WholeIfDrawn bool
	// Calm draws slow motion less often (see calmInterval): the game sets
	// it while the user leaves kin alone.
	Calm bool
	// Scale is the fraction of the output's resolution the character is
	// rendered at, filtered up in the final pass: 1 (or 0) renders every
	// pixel; the game lowers it when a software renderer cannot keep up.
	Scale float64
	// Backend draws the character on the GPU or the CPU, or picks the
	// faster (see [Backend]); the zero value draws on the GPU.
	Backend Backend
	// Ahead rasters a frame on the CPU ahead, while the frame before it
	// shows, and shows it a frame later (see aheadState); the game sets it
	// while frames fall behind.
	Ahead bool

	sw               *software
	ahead            aheadState
	held             image.Rectangle // the character's rectangle in the colour buffer (see lastRect)
	trial            trial
	prog             *programs
	depthOpaque      passShaders // the depth passes of every opaque material
	depth, cbuf      *ebiten.Image
	fu               *frameUniforms
	composite        map[string]any
	backdrop         map[string]any // the backdrop's uniforms: composite's colours, its own size
	backSize         []float32
	size             []float32
	shadowC, shadowA []float32 // the shadow's centre and half axes in render pixels
	shadowK          []float32 // its strength; 0 draws none
	opts             ebiten.DrawTrianglesShaderOptions
	quad             [4]ebiten.Vertex
	around           [16]ebiten.Vertex // the backdrop's rectangles around the character's

	// Dirty-rectangle state: the last target and the rectangle drawn into
	// it. A target that keeps its pixels between frames (the screen, with
	// SetScreenClearedEveryFrame(false)) only needs the union of the old
	// and new character rectangles redrawn.
	last     *ebiten.Image
	lastSize image.Rectangle
	lastRect image.Rectangle
	shown    image.Rectangle // see Shown
	mark     *ebiten.Image   // a pixel of the target, cleared by a Direct frame
	markOf   *ebiten.Image   // the target mark is of
	lastS    float64
	lastMesh *Mesh
	full     bool // the whole target must be painted (see Invalidate)
	stale    bool // the colour buffer must be rendered anew (see Forget)

	// Stillness: where the last drawn frame's vertices were, how many
	// draws it had and when it was drawn (see motion and due).
	drawnXY    []float32
	drawnDraws int
	drawnAt    time.Time
	// Resting: whether the last frame looked at moved slowly, when, and
	// through which camera (see Resting).
	slow    bool
	slowAt  time.Time
	slowCam Camera
	// now tells the time; nil means time.Now (tests set a fake clock).
	now func() time.Time
	// The last click test and its answer (see Hit).
	hitAt  hitKey
	hitWas bool

	// Drawn counts frames rendered; Repainted those put over the target
	// again from the colour buffer (see Invalidate); Skipped those not
	// drawn at all because nothing visibly moved.
	Drawn, Repainted, Skipped int
}

// NewRenderer compiles the shaders.
func NewRenderer() (*Renderer, error) {
	p, err := compileShaders()
	if err != nil {
		return nil, err
	}
	for _, o := range allOutputs() {
		if _, err := p.finalShader(o); err != nil {
			return nil, err
		}
	}
	r := &Renderer{Rig: DefaultRig, Smooth: true, prog: p, sw: &software{}, depthOpaque: p.materialShaders(shaders.Features{}),
		fu: newFrameUniforms(), size: make([]float32, 2),
		shadowC: make([]float32, 2), shadowA: make([]float32, 2), shadowK: make([]float32, 1)}
	r.composite = map[string]any{
		"Top": []float32{0.30, 0.33, 0.40}, "Bottom": []float32{0.11, 0.11, 0.14}, "Size": r.size,
		"ShadowCenter": r.shadowC, "ShadowAxes": r.shadowA, "ShadowStrength": r.shadowK,
	}
	r.backSize = make([]float32, 2)
	r.backdrop = map[string]any{"Top": r.composite["Top"], "Bottom": r.composite["Bottom"], "Size": r.backSize}
	return r, nil
}

// Mesh is a model bound to the GPU: its frame buffers, uploaded textures
// and per-material uniforms. Dispose it when the model is replaced.
type Mesh struct {
	Frame    *Frame
	model    *avatar.Model
	textures []*texture
	mats     []map[string]any // one per material, then the default
	sh       []passShaders    // per material slot: its compiled passes
	matTex   []int            // base colour texture per material, -1 none
	matEmit  []int            // emissive texture per material (imageSrc3), -1 none
	matAux   []int            // MToon shade or MatCap texture per material (imageSrc2, see auxTexture), -1 none
	auxLOD   []bool           // per material: the MToon texture follows the draw's level (not a MatCap)
	masked   []bool           // per material slot: alpha mode MASK (the depth passes cut it out)
	outline  []outlineSlot    // per material slot: its MToon outline's uniforms and passes (see outlineHull)
	alpha    []*alphaHit      // per material slot: see-through texels for the click test, nil if solid
	soft     softMesh         // the materials as the CPU renderer sees them
	shadowR  [2]float32       // the contact shadow's floor radii, from the first drawn pose
}

// Adopt takes a prepared model's textures (their levels upload when first
// drawn, see [texture]) and sizes its frame buffers. It must run on the
// game loop. The mesh keeps the decoded images it needs, so the caller may
// drop the model's.
func (r *Renderer) Adopt(l *Loaded) *Mesh {
	p := l.Scene.Pose
	m := p.Model
	used := make([]bool, len(m.Textures))
	for i := range m.Materials {
		base := baseTexture(m, &m.Materials[i])
		aux, _ := auxTexture(m, &m.Materials[i], base)
		for _, t := range []int{base, aux, emissiveTexture(m, &m.Materials[i])} {
			if t >= 0 {
				used[t] = true
			}
		}
	}
	g := &Mesh{Frame: NewFrame(p), model: m, textures: modelTextures(m.Textures, used), alpha: l.alpha}
	g.Frame.Rig = &r.Rig
	if len(g.alpha) != len(m.Materials)+1 {
		g.alpha = alphaMaps(m)
	}
	for i := 0; i <= len(m.Materials); i++ {
		mat := &defaultMaterial
		if i < len(m.Materials) {
			mat = &m.Materials[i]
		}
		t, e := baseTexture(m, mat), emissiveTexture(m, mat)
		aux, kind := auxTexture(m, mat, t)
		g.mats = append(g.mats, materialUniforms(mat, r.fu))
		g.sh = append(g.sh, r.prog.materialShaders(materialFeatures(m, mat, t, e, aux, kind)))
		g.matTex = append(g.matTex, t)
		g.matEmit = append(g.matEmit, e)
		g.matAux = append(g.matAux, aux)
		g.auxLOD = append(g.auxLOD, kind != auxMatcap)
		g.masked = append(g.masked, mat.AlphaMode == avatar.AlphaMask)
		g.outline = append(g.outline, r.outlineSlot(mat))
	}
	g.soft = softMaterials(m, g)
	return g
}

// placeShadow sets the composite's shadow uniforms for pose p seen through
// v on a w×h target and returns the rectangle the shadow covers.
func (r *Renderer) placeShadow(g *Mesh, p *avatar.Pose, v *View, w, h int) image.Rectangle {
	r.shadowK[0] = 0
	if r.NoShadow || p.Max[1] <= p.Min[1] {
		return image.Rectangle{}
	}
	if g.shadowR == ([2]float32{}) {
		g.shadowR[0], g.shadowR[1] = shadowSize(p.Min, p.Max)
	}
	c, a, rect, ok := screenShadow(v, shadowCenter(p), g.shadowR[0], g.shadowR[1])
	rect = rect.Intersect(image.Rect(0, 0, w, h))
	if !ok || rect.Empty() {
		return image.Rectangle{}
	}
	r.shadowC[0], r.shadowC[1], r.shadowA[0], r.shadowA[1] = c[0], c[1], a[0], a[1]
	r.shadowK[0] = shadowStrength
	return rect
}

// decoding reports whether a texture level is being decoded: the next
// frames must be drawn so that it shows when it arrives.
func (g *Mesh) decoding() bool {
	for _, t := range g.textures {
		if t != nil && t.decoding != nil {
			return true
		}
	}
	return false
}

// DropSources lets go of the decoded texture images that the model's image
// files can bring back (see [texture]), reporting whether any went.
func (g *Mesh) DropSources() bool {
	dropped := false
	for _, t := range g.textures {
		if t != nil && t.drop() {
			dropped = true
		}
	}
	return dropped
}

// Dispose frees the mesh's GPU textures.
func (g *Mesh) Dispose() {
	for _, t := range g.textures {
		if t != nil {
			t.dispose()
		}
	}
	g.textures = nil
}

// slot maps a draw's material (-1 for default) to its uniform slot.
func (g *Mesh) slot(mat int) int {
	if mat < 0 || mat >= len(g.mats)-1 {
		return len(g.mats) - 1
	}
	return mat
}

// Invalidate makes the next Draw repaint its whole target, for when
// something else drew on it or the background changed. When the character
// has not moved since the last frame rendered, that repaint only puts the
// colour buffer over the target again (the final pass), without rendering
// the character anew: text, the glow or a menu changing over a still
// character costs a composite, not a frame.
func (r *Renderer) Invalidate() { r.full = true }

// Forget makes the next Draw render the character anew over its whole
// target, for when what the colour buffer holds no longer shows the
// character (another model, other textures).
func (r *Renderer) Forget() { r.full, r.stale = true, true }

// Draw renders the pose through cam into dst and reports whether it drew.
// The first draw into a target covers it entirely; later ones repaint only
// where the character was or is (see Invalidate), and none at all when no
// vertex moved visibly since the last draw (a target that keeps its pixels
// then still shows the frame; see still).
func (r *Renderer) Draw(dst *ebiten.Image, g *Mesh, p *avatar.Pose, cam *Camera) bool {
	landed := r.land() // a frame rastered ahead goes onto the target now, whatever this one does
	region, over, sc, todo := r.plan(dst, g, p, cam)
	if todo == skip && !landed.Empty() {
		over, todo = landed, repaint
	}
	switch todo {
	case skip:
		r.Skipped++
		return false
	case repaint:
		r.compose(dst, over.Union(landed), sc)
		r.Repainted++
		r.shown = r.outRect(r.held, sc, dst.Bounds(), shownMargin)
		return true
	}
	b, timed := r.backend()
	switch {
	case timed:
		r.timed(b, g, region)
	case b == BackendCPU && r.Ahead && !region.Empty() && region != r.cbuf.Bounds():
		// Shown by the next Draw: the colour buffer holds the frame before.
		// (Not a frame rendered anew whole: a new target, say, holds none.)
		r.startAhead(g, region)
	default:
		r.render(b, g, region)
	}
	if !r.ahead.busy { // the colour buffer holds this frame
		r.held = r.lastRect
	}
	r.compose(dst, over.Union(landed), sc)
	r.Drawn++
	r.shown = r.outRect(r.held, sc, dst.Bounds(), shownMargin)
	return true
}

// Shown is where the last frame drawn or repainted put the character (and
// its shadow) on its target, in the target's pixels. On a transparent
// target every pixel outside it is clear, whatever earlier frames left
// there: each frame repaints the rectangle of the one before.
func (r *Renderer) Shown() image.Rectangle { return r.shown }

// shownMargin widens Shown by the pixels that filtering up a frame rendered
// at a lower scale reaches beyond the rectangle's own.
const shownMargin = 2

// outRect is the output pixels (within bounds) that render pixels region
// covers at render scale s, widened by margin when s is below 1.
func (r *Renderer) outRect(region image.Rectangle, s float64, bounds image.Rectangle, margin int) image.Rectangle {
	if s == 1 || region.Empty() {
		return region.Intersect(bounds)
	}
	out := image.Rect(int(math.Floor(float64(region.Min.X)/s)), int(math.Floor(float64(region.Min.Y)/s)),
		int(math.Ceil(float64(region.Max.X)/s)), int(math.Ceil(float64(region.Max.Y)/s)))
	return out.Inset(-margin).Intersect(bounds)
}

// render draws the frame's region (render pixels) into the colour
// buffer with backend b.
func (r *Renderer) render(b Backend, g *Mesh, region image.Rectangle) {
	if b == BackendCPU {
		r.softPass(g, region)
		return
	}
	r.clearTargets(g.Frame.Bounds, region)
	r.depthPass(g)
	r.colorPass(g)
}

// work is what a Draw does.
type work int

const (
	skip    work = iota // nothing: the target still shows the frame
	repaint             // the final pass alone, from the colour buffer
	render              // every pass
)

// plan builds the frame and decides what to do: skip it, repaint the
// target from the colour buffer or render it; the region of the colour
// buffer to render anew and the region to put over the target (in render
// pixels; the second holds the first), and the render scale. Outside the
// character's last and new rectangles the colour buffer is already clear,
// so a target to repaint whole needs only the composite over all of it.
func (r *Renderer) plan(dst *ebiten.Image, g *Mesh, p *avatar.Pose, cam *Camera) (region, over image.Rectangle, sc float64, todo work) {
	sc = r.scale()
	w, h := scaled(dst.Bounds().Dx(), sc), scaled(dst.Bounds().Dy(), sc)
	fresh := r.ensureTargets(w, h)
	whole := r.full || dst != r.last || dst.Bounds() != r.lastSize
	anew := fresh || r.stale || sc != r.lastS || dst.Bounds().Size() != r.lastSize.Size() || g != r.lastMesh
	quiet := !anew && !g.decoding()
	if quiet && r.resting(cam) {
		over, sc, todo = r.still(dst, whole)
		return over, over, sc, todo
	}
	f := g.Frame
	f.Build(p, cam, w, h)
	r.slowCam = *cam
	now := r.clock()
	if quiet && !r.due(f, sc, now) {
		over, sc, todo = r.still(dst, whole)
		return over, over, sc, todo
	}
	r.remember(f, now)
	r.fu.set(&f.View, &r.Rig)
	shadow := r.placeShadow(g, p, &f.View, w, h)
	region = f.Bounds.Union(shadow).Union(r.lastRect)
	if anew {
		region = r.cbuf.Bounds()
	}
	over = region
	if whole || r.WholeIfDrawn {
		over = r.cbuf.Bounds()
	}
	r.last, r.lastSize, r.lastRect, r.lastS, r.lastMesh = dst, dst.Bounds(), f.Bounds.Union(shadow), sc, g
	r.full, r.stale = false, false
	return region, over, sc, render
}

// still is plan's answer for a frame in which the character has not moved
// visibly: nothing to do, or, when the target must be painted whole, the
// colour buffer put over all of it.
func (r *Renderer) still(dst *ebiten.Image, whole bool) (image.Rectangle, float64, work) {
	if !whole {
		return image.Rectangle{}, r.lastS, skip
	}
	r.last, r.lastSize, r.full = dst, dst.Bounds(), false
	return r.cbuf.Bounds(), r.lastS, repaint
}

// clearTargets readies the targets: the depth images white (the farthest
// depth) where the character is, the colour buffer transparent over the
// region to repaint.
func (r *Renderer) clearTargets(bounds, region image.Rectangle) {
	if !bounds.Empty() {
		r.depth.SubImage(bounds).(*ebiten.Image).Fill(color.White)
	}
	r.cbuf.SubImage(region).(*ebiten.Image).Clear()
}

// depthPass writes the nearest depth of every pixel (see depthBuckets in
// shaders/common.kage).
func (r *Renderer) depthPass(g *Mesh) {
	r.geometryPass(r.depth, depthPass, g, minBlend, nil, nil)
}

// colorPass shades the surfaces at the stored depth into the colour
// buffer.
func (r *Renderer) colorPass(g *Mesh) {
	r.geometryPass(r.cbuf, colorPass, g, ebiten.BlendSourceOver, r.depth, nil)
}

// scale is the render scale in use, within [minScale, 1].
func (r *Renderer) scale() float64 {
	if r.Scale <= 0 || r.Scale >= 1 {
		return 1
	}
	return max(r.Scale, minScale)
}

// minScale is the lowest render scale: below it the character blurs more
// than a slow frame rate hurts.
const minScale = 0.5

// scaled is n output pixels at render scale s, at least one.
func scaled(n int, s float64) int { return max(1, int(math.Ceil(float64(n)*s))) }

// pass names a geometry pass.
type pass int

const (
	depthPass pass = iota
	colorPass
)

// shader is the pass's program in ps.
func (p pass) shader(ps *passShaders) *ebiten.Shader {
	if p == depthPass {
		return ps.depth
	}
	return ps.color
}

// geometryPass issues one draw per primitive into target. The depth passes
// skip blended draws, which neither write nor hide depth.
func (r *Renderer) geometryPass(target *ebiten.Image, p pass, g *Mesh, blend ebiten.Blend, img0, img2 *ebiten.Image) {
	o := &r.opts
	o.Blend = blend
	depth := p != colorPass
	for i := range g.Frame.Draws {
		d := &g.Frame.Draws[i]
		if d.Blend && depth {
			continue
		}
		s := g.slot(d.Material)
		o.Uniforms = g.mats[s]
		o.Images = [4]*ebiten.Image{img0, nil, img2, nil}
		if d.Outline && !depth {
			o.Uniforms = g.outline[s].u
			target.DrawTrianglesShader32(d.Verts, d.Indices, g.outline[s].sh.color, o)
			continue
		}
		if depth && !g.masked[s] {
			// A depth pass needs nothing of an opaque material: with the
			// same shader, uniforms and images every such draw, Ebitengine
			// merges them into one draw call.
			o.Uniforms = g.mats[len(g.mats)-1]
			target.DrawTrianglesShader32(d.Verts, d.Indices, p.shader(&r.depthOpaque), o)
			continue
		}
		if t := g.matTex[s]; t >= 0 && g.textures[t] != nil {
			o.Images[1] = g.textures[t].level(d.LOD)
		}
		if !depth {
			g.bindColorTextures(o, s, d.LOD)
		}
		target.DrawTrianglesShader32(d.Verts, d.Indices, p.shader(&g.sh[s]), o)
	}
}

// compose puts the frame's region into dst, or with Direct only marks dst
// as holding a new frame.
func (r *Renderer) compose(dst *ebiten.Image, region image.Rectangle, s float64) {
	if !r.Direct {
		r.compositeTo(dst, region, s)
		return
	}
	if r.markOf != dst {
		r.mark, r.markOf = dst.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image), dst
	}
	r.mark.Clear()
}

// CompositeOnto puts the last frame drawn, as Shown places it on a target
// with bounds target, onto the window (see Direct); place is the target's
// placement on the window. Unless Transparent, the background goes around
// it: the window gets every pixel once.
func (r *Renderer) CompositeOnto(window surface, target image.Rectangle, place ebiten.GeoM) {
	if !r.Transparent {
		r.backdropAround(window, target, r.outRect(r.held, r.lastS, target, 0), &place)
	}
	r.composite1(window, target, r.held, r.lastS, &place)
}

// backdropAround draws the background of a target with bounds b, placed
// on dst by place, everywhere but in hole: the rows above and below it
// and the columns beside it, in one draw.
func (r *Renderer) backdropAround(dst surface, b, hole image.Rectangle, place *ebiten.GeoM) {
	hole = hole.Intersect(b)
	if hole.Empty() {
		hole = image.Rectangle{Min: b.Min, Max: b.Min}
	}
	n := 0
	for _, rect := range [4]image.Rectangle{
		{Min: b.Min, Max: image.Pt(b.Max.X, hole.Min.Y)},
		{Min: image.Pt(b.Min.X, hole.Max.Y), Max: b.Max},
		{Min: image.Pt(b.Min.X, hole.Min.Y), Max: image.Pt(hole.Min.X, hole.Max.Y)},
		{Min: image.Pt(hole.Max.X, hole.Min.Y), Max: image.Pt(b.Max.X, hole.Max.Y)},
	} {
		if rect.Empty() {
			continue
		}
		placeQuad((*[4]ebiten.Vertex)(r.around[n*4:]), rect, 1, place)
		n++
	}
	if n == 0 {
		return
	}
	r.backSize[0], r.backSize[1] = float32(b.Dx()), float32(b.Dy())
	o := &r.opts
	o.Blend, o.Uniforms, o.Images = ebiten.BlendCopy, r.backdrop, [4]*ebiten.Image{}
	dst.DrawTrianglesShader32(r.around[:n*4], aroundIndices[:n*6], r.prog.backdrop, o)
}

// aroundIndices are the triangles of up to four quads laid out as
// placeQuad lays out one.
var aroundIndices = []uint32{0, 1, 2, 1, 3, 2, 4, 5, 6, 5, 7, 6, 8, 9, 10, 9, 11, 10, 12, 13, 14, 13, 15, 14}

// surface is what a composite draws onto: an image, or the window
// (ebiten.FinalScreen).
type surface interface {
	DrawTrianglesShader32(vertices []ebiten.Vertex, indices []uint32, shader *ebiten.Shader, options *ebiten.DrawTrianglesShaderOptions)
}

// compositeTo puts the colour buffer's region (in render pixels) over the
// background into dst, filtering it up when the render scale s is below 1.
func (r *Renderer) compositeTo(dst *ebiten.Image, region image.Rectangle, s float64) {
	r.composite1(dst, dst.Bounds(), region, s, nil)
}

// composite1 is compositeTo onto dst, whose pixels are those of an image
// with bounds b placed by place (nil: where they are).
func (r *Renderer) composite1(dst surface, b image.Rectangle, region image.Rectangle, s float64, place *ebiten.GeoM) {
	if region.Empty() {
		return
	}
	out := r.outRect(region, s, b, 0)
	r.size[0], r.size[1] = float32(float64(b.Dx())*s), float32(float64(b.Dy())*s)
	placeQuad(&r.quad, out, float32(s), place)
	o := &r.opts
	o.Blend, o.Uniforms = ebiten.BlendCopy, r.composite
	o.Images = [4]*ebiten.Image{r.cbuf}
	dst.DrawTrianglesShader32(r.quad[:], quadIndices, r.prog.final[shaders.Output{Opaque: !r.Transparent, Smooth: r.Smooth, Upscale: s != 1}], o)
}

var quadIndices = []uint32{0, 1, 2, 1, 3, 2}

// placeQuad writes into q the corners of rect (in an image's pixels),
// placed by place (nil: where they are), each reading its source at its
// position times s, with an opaque white vertex colour.
func placeQuad(q *[4]ebiten.Vertex, rect image.Rectangle, s float32, place *ebiten.GeoM) {
	x0, y0, x1, y1 := float32(rect.Min.X), float32(rect.Min.Y), float32(rect.Max.X), float32(rect.Max.Y)
	corners := [4][2]float32{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}}
	for i, c := range corners {
		dx, dy := c[0], c[1]
		if place != nil {
			px, py := place.Apply(float64(c[0]), float64(c[1]))
			dx, dy = float32(px), float32(py)
		}
		q[i] = ebiten.Vertex{DstX: dx, DstY: dy, SrcX: c[0] * s, SrcY: c[1] * s, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1}
	}
}

// ensureTargets (re)creates the offscreen images at w×h, reporting
// whether it did.
func (r *Renderer) ensureTargets(w, h int) bool {
	if r.cbuf != nil && r.cbuf.Bounds().Dx() == w && r.cbuf.Bounds().Dy() == h {
		return false
	}
	for _, img := range []*ebiten.Image{r.depth, r.cbuf} {
		if img != nil {
			img.Deallocate()
		}
	}
	opt := &ebiten.NewImageOptions{Unmanaged: true}
	rect := image.Rect(0, 0, w, h)
	r.depth = ebiten.NewImageWithOptions(rect, opt)
	r.cbuf = ebiten.NewImageWithOptions(rect, opt)
	return true
}

// allOutputs lists every variant of the final pass.
func allOutputs() []shaders.Output {
	var out []shaders.Output
	for i := range 8 {
		out = append(out, shaders.Output{Opaque: i&1 != 0, Smooth: i&2 != 0, Upscale: i&4 != 0})
	}
	return out
}
