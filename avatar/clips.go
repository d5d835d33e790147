package avatar

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
)

// clipExts are the files a clip folder is read for: VRM animations and
// glTF files with animations.
var clipExts = []string{".vrma", ".glb", ".gltf"}

// IsClipFile reports whether name is a file kin reads clips from (.vrma,
// .glb or .gltf, in any case).
func IsClipFile(name string) bool {
	return slices.Contains(clipExts, strings.ToLower(path.Ext(name)))
}

// IsVRMA reports whether name is a VRM animation file (.vrma).
func IsVRMA(name string) bool { return strings.EqualFold(path.Ext(name), ".vrma") }

// ClipName is the name a clip file's clip plays under: the file's name
// without folder or extension ("clips/wave.vrma" plays as "wave"). Other
// names are returned as they are.
func ClipName(name string) string {
	if !IsClipFile(name) {
		return name
	}
	base := path.Base(strings.ReplaceAll(name, `\`, "/"))
	return strings.TrimSuffix(base, path.Ext(base))
}

// LoadClipSource reads one clip file from fsys: a .vrma, or a glTF whose
// animations are the clips. A glTF with a single clip has it renamed after
// the file, as a .vrma's is, so that every file of a clip folder plays by
// its name. It is an error for the file to have no clip.
func LoadClipSource(fsys fs.FS, name string) (*Model, error) {
	m, err := LoadFS(fsys, name)
	if err != nil {
		return nil, err
	}
	if len(m.Clips) == 0 {
		return nil, fmt.Errorf("avatar: %s: no animation in the file", name)
	}
	if len(m.Clips) == 1 {
		m.Clips[0].Name = m.Name
	}
	return m, nil
}

// LoadClipDir reads every clip file at the top of dir (see [IsClipFile]),
// in name order. A file that cannot be read is named in the returned error
// while the others are still returned.
func LoadClipDir(dir string) ([]*Model, error) {
	fsys := os.DirFS(dir)
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("avatar: clips folder: %w", err)
	}
	var srcs []*Model
	var errs []error
	for _, e := range entries {
		if e.IsDir() || !IsClipFile(e.Name()) {
			continue
		}
		m, err := LoadClipSource(fsys, e.Name())
		if err != nil {
			errs = append(errs, err)
			continue
		}
		srcs = append(srcs, m)
	}
	if len(srcs) == 0 && len(errs) == 0 {
		errs = append(errs, fmt.Errorf("avatar: clips folder %s has no .vrma, .glb or .gltf file", dir))
	}
	return srcs, errors.Join(errs...)
}

// RetargetAll carries every clip of srcs onto dst (see [Retarget]). Clips
// that fit nothing of dst are skipped and named in the error.
func RetargetAll(srcs []*Model, dst *Model) ([]*Clip, error) {
	var out []*Clip
	var errs []error
	for _, src := range srcs {
		for _, c := range src.Clips {
			rc, err := Retarget(c, src, dst)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			out = append(out, rc)
		}
	}
	return out, errors.Join(errs...)
}
