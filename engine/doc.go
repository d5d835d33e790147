// Package engine shows kin's character with Ebitengine: the only package
// that imports ebiten.
//
// Ebitengine draws 2D triangles into RGBA8 images and has no depth buffer,
// so the 3D work is split in two:
//
//   - On the CPU, [Frame] projects the posed vertices of an avatar.Pose
//     through a [Camera], culls back faces, sorts each primitive's triangles
//     back to front and builds the vertex and index buffers, without
//     allocating.
//   - On the GPU, [Renderer] draws those buffers with the Kage shaders of
//     package shaders in two passes: a depth pass that leaves a 10-bit depth
//     per pixel (four interleaved 8-bit quantisations, one per channel, each
//     with a MIN blend), and a lit, textured colour pass that keeps only the
//     fragments at that depth. The depth range is fitted to the model's posed
//     bounds every frame; of surfaces closer than a step the one drawn later
//     shows, and draws run far to near and smallest primitive first, so eyes
//     stay behind eyelids and teeth behind lips. Each material's features
//     (texture, alpha mode, wrap, toon, MToon, …) are compiled into its own
//     shader variants rather than branched on per pixel.
//
// Where no GPU is present Mesa's llvmpipe shades on the CPU: the renderer
// skips frames in which nothing visibly moved and draws slow motion
// (breathing) at a few frames a second, and the package raises glibc's
// malloc thresholds so that Mesa's per-frame buffers are reused rather
// than faulted in afresh (malloc.go). [BenchFrame] measures a window.
//
// [Game] wraps this in an ebiten.Game for the window and the transparent
// overlay; [Shot] renders frames offscreen for `kin shot` and the tests.
package engine
