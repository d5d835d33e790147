// Package doctor examines a character file (GLB, glTF or VRM) and says, in
// plain words, what kin found in it and what its author should fix: the
// humanoid bones kin can drive, the facial expressions it can use or
// synthesise, textures, the cost of posing it every frame against a budget
// for CPU-only machines, glTF extensions, and its size, facing and floor.
//
// [Examine] never panics: a file kin cannot load is a [Report] with
// Loadable false and a sentence saying why. `kin doctor FILE [--json]`
// prints a Report; the window and the validate-model skill use
// [Report.Summary] and [Report.ExitCode].
//
// Nothing here imports ebiten: the package tests with no display.
package doctor
