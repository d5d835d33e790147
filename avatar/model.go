package avatar

import (
	"image"

	"github.com/go-gl/mathgl/mgl32"
)

// Format names the container a model was loaded from.
type Format string

// The formats kin reports in `kin inspect`.
const (
	FormatGLB  Format = "glb"
	FormatGLTF Format = "gltf"
	FormatVRM0 Format = "vrm0"
	FormatVRM1 Format = "vrm1"
	// FormatVRMA is a VRM animation (.vrma, VRMC_vrm_animation): a
	// humanoid skeleton whose clips [Retarget] carries onto any humanoid.
	FormatVRMA Format = "vrma"
)

// Model is a loaded character: its node tree, meshes, materials, skins,
// clips, and the humanoid and expression maps that let the rest of kin drive
// it by meaning rather than by name.
type Model struct {
	Name      string
	Format    Format
	Nodes     []Node
	Roots     []int // nodes of the displayed scene without a parent
	Meshes    []Mesh
	Materials []Material
	Textures  []Texture
	Skins     []Skin
	Clips     []*Clip

	// Humanoid maps canonical bones to node indices.
	Humanoid Humanoid
	// Expressions maps expression names to morph target binds.
	Expressions *ExpressionMap
	// LookAt describes how a VRM model turns its eyes (nil when unknown).
	LookAt *LookAt
	// Springs holds the VRM spring bones (hair, ears, skirts) and their
	// colliders, or nil when the file has none.
	Springs *SpringBones

	// Stats counts what the file holds, as `kin inspect` reports it.
	Stats Stats
	// Warnings lists what was skipped or approximated while loading.
	Warnings []string
}

// Front is the direction the character faces in model space: +Z. VRM 0.x
// files face −Z, and the loader turns them around (see [TurnNodeName]) so
// that every character faces +Z once posed.
func (m *Model) Front() mgl32.Vec3 { return mgl32.Vec3{0, 0, 1} }

// Stats are the file-level counts reported by `kin inspect`.
type Stats struct {
	Nodes, Meshes, Primitives, Vertices, Triangles int
	Materials, Textures, Skins, Joints             int
}

// TRS is a local transform as translation, rotation and scale.
type TRS struct {
	T mgl32.Vec3
	R mgl32.Quat
	S mgl32.Vec3
}

// IdentityTRS is the transform that changes nothing.
var IdentityTRS = TRS{R: mgl32.QuatIdent(), S: mgl32.Vec3{1, 1, 1}}

// Mat4 returns the matrix T·R·S.
func (t TRS) Mat4() mgl32.Mat4 {
	m := t.R.Normalize().Mat4()
	for c := 0; c < 3; c++ {
		for r := 0; r < 3; r++ {
			m[c*4+r] *= t.S[c]
		}
	}
	m[12], m[13], m[14] = t.T[0], t.T[1], t.T[2]
	return m
}

// Node is one node of the scene graph.
type Node struct {
	Name     string
	Parent   int // -1 for a root
	Children []int
	Mesh     int // -1 when the node has no mesh
	Skin     int // -1 when the node has no skin
	// Rest is the node's local transform from the file. When the file gave a
	// matrix, HasMatrix is set and Matrix is used unless an animation drives
	// the node (glTF forbids animating matrix nodes).
	Rest      TRS
	Matrix    mgl32.Mat4
	HasMatrix bool
	// Weights overrides the mesh's default morph weights when non-nil.
	Weights []float32
}

// Mesh is a set of primitives sharing one list of morph targets.
type Mesh struct {
	Name       string
	Primitives []Primitive
	// TargetNames holds the name of each morph target (extras.targetNames),
	// or "" where the file names none. Each mesh has its own list.
	TargetNames []string
	// DefaultWeights has one weight per morph target.
	DefaultWeights []float32
}

// Primitive is an indexed triangle list with its vertex attributes.
type Primitive struct {
	Positions []mgl32.Vec3
	Normals   []mgl32.Vec3 // computed when the file has none
	UV0       [][2]float32 // nil when absent
	Tangents  [][4]float32 // nil when absent
	Colors    [][4]float32 // nil when absent
	Joints    [][4]uint16  // nil when not skinned
	Weights   [][4]float32 // nil when not skinned
	Indices   []uint32     // triangle list, three per triangle
	Material  int          // -1 for the default material
	// Targets has one entry per morph target of the mesh.
	Targets []MorphTarget
	// LODs are coarser triangle lists over the same vertices, finest
	// first; nil until [Model.BuildLODs] or [Model.SetLODs] runs, and for
	// primitives too small or too detailed to simplify.
	LODs []LOD
}

// MorphTarget holds a target's position and normal deltas sparsely: only
// vertices that move are listed.
type MorphTarget struct {
	Index     []uint32     // vertex indices with a non-zero delta
	Positions []mgl32.Vec3 // position delta per listed vertex
	Normals   []mgl32.Vec3 // normal delta per listed vertex (nil when none)
}

// AlphaMode is how a material's alpha is used.
type AlphaMode uint8

// Alpha modes of glTF 2.0.
const (
	AlphaOpaque AlphaMode = iota
	AlphaMask
	AlphaBlend
)

// Material is the subset of glTF PBR that kin renders.
type Material struct {
	Name             string
	BaseColor        [4]float32
	BaseColorTexture *TextureRef
	Emissive         [3]float32
	EmissiveTexture  *TextureRef
	AlphaMode        AlphaMode
	AlphaCutoff      float32
	DoubleSided      bool
	Unlit            bool // KHR_materials_unlit or a VRM 0.x VRM/Unlit* shader
	Toon             bool // a VRM MToon material (0.x or VRMC_materials_mtoon)
	// MToon holds the toon shading parameters when Toon is set (nil for a
	// VRM 0.x MToon material whose properties could not be read).
	MToon *MToon
}

// TextureRef points a material slot at a texture.
type TextureRef struct {
	Texture   int // index into Model.Textures
	TexCoord  int
	Transform UVTransform
}

// UVTransform is KHR_texture_transform: uv' = T·R·S·uv.
type UVTransform struct {
	Offset   [2]float32
	Rotation float32
	Scale    [2]float32
}

// IsIdentity reports whether the transform leaves UVs unchanged.
func (u UVTransform) IsIdentity() bool {
	return u.Offset == [2]float32{} && u.Rotation == 0 && u.Scale == [2]float32{1, 1}
}

// Apply transforms one UV coordinate.
func (u UVTransform) Apply(uv [2]float32) [2]float32 {
	if u.IsIdentity() {
		return uv
	}
	s, c := sincos32(u.Rotation)
	x, y := uv[0]*u.Scale[0], uv[1]*u.Scale[1]
	return [2]float32{c*x + s*y + u.Offset[0], -s*x + c*y + u.Offset[1]}
}

// Wrap is a texture wrapping mode.
type Wrap uint8

// glTF wrapping modes.
const (
	WrapRepeat Wrap = iota
	WrapClamp
	WrapMirror
)

// Sampler says how a texture is filtered and wrapped.
type Sampler struct {
	WrapS, WrapT Wrap
	Nearest      bool // magnification filter is NEAREST
}

// Texture is a decoded image with its sampler.
type Texture struct {
	Name  string
	Image image.Image // decoded for base colour, emissive and MToon shade, MatCap and outline-width slots only; nil otherwise or when decoding failed (see warnings)
	// Data is the image file (PNG, JPEG, …) that Image was decoded from, a
	// copy of its own: a renderer may drop Image, which takes several
	// times more memory, and decode Data again when it needs the detail.
	Data    []byte
	Sampler Sampler
}

// Skin binds a mesh to joints.
type Skin struct {
	Name        string
	Joints      []int        // node index per joint
	InverseBind []mgl32.Mat4 // one per joint; identity when the file has none
	Skeleton    int          // skeleton root node, or -1
}

// Path is the property an animation channel drives.
type Path uint8

// Animation target paths.
const (
	PathTranslation Path = iota
	PathRotation
	PathScale
	PathWeights
)

// Interpolation is a sampler's interpolation mode.
type Interpolation uint8

// glTF interpolation modes.
const (
	InterpLinear Interpolation = iota
	InterpStep
	InterpCubicSpline
)

// Clip is a named animation.
type Clip struct {
	Name     string
	Duration float32 // seconds: the latest keyframe time of any channel
	Channels []Channel
	// Expressions animates expression weights by name (a VRM animation's
	// expression tracks); the character applies them while the clip plays.
	Expressions []ExpressionChannel
}

// ExpressionChannel animates one expression's weight (0..1): a Channel of
// width 1 whose Node is unused.
type ExpressionChannel struct {
	Name string
	Channel
}

// Channel animates one property of one node.
type Channel struct {
	Node   int
	Path   Path
	Interp Interpolation
	Times  []float32 // keyframe times, ascending
	// Values holds Width floats per keyframe (3 for T/S, 4 for R as x,y,z,w,
	// the target count for weights); for CUBICSPLINE each keyframe holds
	// in-tangent, value and out-tangent, so 3·Width floats.
	Values []float32
	Width  int
}
