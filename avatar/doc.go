// Package avatar is kin's pure-Go model of a character: it loads GLB, glTF and
// VRM files into a [Model], maps their bones onto a canonical [Humanoid] and
// their morph targets onto named expressions, samples animation clips and
// poses the character every frame with CPU morphing and skinning ([Pose]).
// VRM spring bones ([SpringBones]) swing hair, ears and skirts between the
// pose and the skinning; VRM 0.x characters are turned to face +Z like
// every other ([TurnNodeName]); VRM animations (.vrma) retarget onto any
// humanoid ([Retarget]); MToon parameters are read for the renderer
// ([MToon]); coarser triangle lists over the same vertices are built on
// request for a character small on screen ([Simplify], [ComputeLODs]).
//
// Nothing here imports ebiten, oto or malgo: the package tests with no
// display and no sound card.
package avatar
