// Package importrules holds no code, only a test: it lists the module's import graph with
// `go list` and fails when a package breaks kin's layering — avatar, agent, store and
// shaders must build and test with no display and no sound card (no ebiten, oto or
// malgo), agent/protocol uses only the standard library, and imports run one way:
// main -> engine -> avatar -> agent/protocol, agent/* -> agent/protocol, store a leaf.
package importrules
