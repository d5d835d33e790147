package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/avatar"
)

// clipSources reads the clips kin plays besides the character's own: every
// .vrma/.glb/.gltf of dir (--clips; "" for none) and the clip files the
// manifest's animation slots name (relative to the manifest's folder). A
// file that cannot be read becomes a notice, not a failure: the window
// still opens.
func clipSources(dir string, man *manifest.Manifest) ([]*avatar.Model, []string) {
	var srcs []*avatar.Model
	var notices []string
	if dir != "" {
		s, err := avatar.LoadClipDir(dir)
		srcs = s
		if err != nil {
			notices = append(notices, fmt.Sprintf("--clips %s: %v", dir, err))
		}
	}
	for _, slot := range slotFiles(man) {
		file := man.Meta.Edits.Animations[slot]
		if hasClip(srcs, avatar.ClipName(file)) {
			continue // the clips folder has it
		}
		p := file
		if !filepath.IsAbs(p) && man.Dir != "" {
			p = filepath.Join(man.Dir, p)
		}
		m, err := avatar.LoadClipSource(os.DirFS(filepath.Dir(p)), filepath.Base(p))
		if err != nil {
			notices = append(notices, fmt.Sprintf("animation slot %q: %v", slot, err))
			continue
		}
		srcs = append(srcs, m)
	}
	return srcs, notices
}

// slotFiles lists, sorted, the animation slots whose value is a clip file
// rather than a clip name.
func slotFiles(man *manifest.Manifest) []string {
	var slots []string
	for slot, v := range man.Meta.Edits.Animations {
		if avatar.IsClipFile(v) && !strings.Contains(v, "://") {
			slots = append(slots, slot)
		}
	}
	sort.Strings(slots)
	return slots
}

// hasClip reports whether one of srcs has a clip called name.
func hasClip(srcs []*avatar.Model, name string) bool {
	return slices.ContainsFunc(srcs, func(m *avatar.Model) bool {
		return slices.ContainsFunc(m.Clips, func(c *avatar.Clip) bool { return strings.EqualFold(c.Name, name) })
	})
}
