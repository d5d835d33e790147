package fs

import (
	"context"
	iofs "io/fs"
	"path/filepath"
	"strings"
)

// treeEntry is one entry met by [kit.tree].
type treeEntry struct {
	path    string
	d       iofs.DirEntry
	depth   int    // 1 for the children of the starting folder
	blocked string // why it is not entered or read: "private", "another filesystem"
}

// tree walks the folder dir (resolved, inside a root) in lexical order
// without following symbolic links, calling fn for every entry below it.
// Folders deeper than maxDepth (0: no limit) are not entered; excluded
// places and refused mount points are passed to fn with blocked set and
// never entered. Unreadable folders are skipped. fn may return
// filepath.SkipDir or filepath.SkipAll.
func (k *kit) tree(ctx context.Context, dir string, maxDepth int, fn func(treeEntry) error) error {
	foreign := map[string]bool{}
	if root, ok := k.roots.rootOf(dir); ok {
		foreign = readMounts().foreignPoints(k.roots, root.real)
	}
	return filepath.WalkDir(dir, func(p string, d iofs.DirEntry, err error) error {
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		if p == dir {
			return err
		}
		if err != nil {
			return nil // an unreadable subfolder is skipped
		}
		rel := strings.TrimPrefix(p[len(dir):], "/")
		e := treeEntry{path: p, d: d, depth: strings.Count(rel, "/") + 1}
		if _, bad := k.roots.excludedBy(p); bad {
			e.blocked = "private"
		} else if foreign[p] {
			e.blocked = "another filesystem"
		}
		if err := fn(e); err != nil {
			return err
		}
		if d.IsDir() && (e.blocked != "" || (maxDepth > 0 && e.depth >= maxDepth)) {
			return filepath.SkipDir
		}
		return nil
	})
}
