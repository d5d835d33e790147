// Package assets embeds the files kin ships with: the default avatar. It
// holds data only, no logic. See CREDITS.md for authors and licences.
package assets

import _ "embed"

// DefaultAvatarName is the file name of the default avatar.
const DefaultAvatarName = "rpm-visage-male.glb"

// DefaultAvatar is the default character, a Ready Player Me avatar (MIT).
//
//go:embed rpm-visage-male.glb
var DefaultAvatar []byte
