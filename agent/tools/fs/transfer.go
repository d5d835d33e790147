package fs

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	iofs "io/fs"
	"os"
	"path/filepath"

	"github.com/kin-companion/kin/agent/tools"
)

// transferSchema is fs_copy's and fs_move's arguments.
func transferSchema(verb string) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"type":"object","properties":{
 "path":{"type":"string","description":"File or folder to %[1]s"},
 "dest":{"type":"string","description":"New path; when it is an existing folder, the item goes inside it under its own name"}},"required":["path","dest"]}`, verb))
}

type transferArgs struct {
	Path *string `json:"path"`
	Dest *string `json:"dest"`
}

// transfer is a checked copy or move: from src to the final dst.
type transfer struct {
	src, dst  located
	from      string        // the entry acted on: src.real for a copy, src.link for a move
	info      iofs.FileInfo // what from is
	replacing iofs.FileInfo // the file dst replaces; nil when dst is new
}

// plan checks a copy or move without acting.
func (k *kit) plan(tool string, args json.RawMessage, schema json.RawMessage, move bool) (transfer, error) {
	a, err := decode(tool, args, schema, func(a *transferArgs) *string { return a.Path })
	if err != nil {
		return transfer{}, err
	}
	if a.Dest == nil || *a.Dest == "" {
		return transfer{}, fmt.Errorf("%s: the argument \"dest\" is missing; give the new path", tool)
	}
	var t transfer
	if t.src, err = k.locate(tool, *a.Path); err != nil {
		return t, err
	}
	if t.from = t.src.real; move {
		t.from = t.src.link
	}
	if t.info, err = os.Lstat(t.from); err != nil {
		return t, k.fileError(tool, t.from, err)
	}
	if err := k.guard(tool, t.from); err != nil {
		return t, err
	}
	if t.dst, err = k.locate(tool, *a.Dest); err != nil {
		return t, err
	}
	if fi, err := os.Stat(t.dst.real); err == nil && fi.IsDir() {
		if t.dst, err = k.locate(tool, filepath.Join(t.dst.real, filepath.Base(t.from))); err != nil {
			return t, err
		}
	}
	return t, k.checkTarget(tool, &t)
}

// checkTarget refuses a target inside the source, a root, or an existing
// folder, and notes an existing file it would replace.
func (k *kit) checkTarget(tool string, t *transfer) error {
	d := k.roots.Display
	switch {
	case t.dst.real == t.from || t.dst.real == t.src.real:
		return fmt.Errorf("%s: %s and %s are the same place", tool, d(t.from), d(t.dst.real))
	case t.info.IsDir() && within(t.dst.real, t.from):
		return fmt.Errorf("%s: %s is inside %s; a folder cannot go inside itself", tool, d(t.dst.real), d(t.from))
	}
	if r, ok := k.roots.holdsRoot(t.dst.real); ok {
		return fmt.Errorf("%s: %s is (or holds) %s, one of the folders kin may use, so it cannot be replaced", tool, d(t.dst.real), d(r.path))
	}
	old, err := os.Lstat(t.dst.real)
	switch {
	case errors.Is(err, iofs.ErrNotExist):
		return nil
	case err != nil:
		return k.fileError(tool, t.dst.real, err)
	case old.IsDir() || t.info.IsDir():
		return fmt.Errorf("%s: %s already exists; choose another name, or delete it first with fs_delete", tool, d(t.dst.real))
	}
	t.replacing = old
	return nil
}

// guard refuses acting on a root, on a folder holding a root or a private
// place, or on the trash.
func (k *kit) guard(tool, p string) error {
	d := k.roots.Display
	if r, ok := k.roots.holdsRoot(p); ok {
		if p == r.real || p == r.path {
			return fmt.Errorf("%s: %s is one of the folders kin may use; it cannot be moved, copied or deleted as a whole — act on what is inside it", tool, d(p))
		}
		return fmt.Errorf("%s: %s holds %s, one of the folders kin may use, so it cannot be moved, copied or deleted as a whole", tool, d(p), d(r.path))
	}
	if e, ok := k.roots.holdsExcluded(p); ok {
		return fmt.Errorf("%s: %s holds %s, a private place kin never touches, so it cannot be moved, copied or deleted as a whole; act on its other parts one by one", tool, d(p), d(e))
	}
	return nil
}

// transferAssess grades a copy or move: medium, high when a file is replaced.
func (k *kit) transferAssess(tool, verb string, schema json.RawMessage, move bool) func(json.RawMessage) tools.Assessment {
	return func(args json.RawMessage) tools.Assessment {
		t, err := k.plan(tool, args, schema, move)
		if err != nil {
			return tools.Assessment{Risk: tools.Medium, Scope: cmp.Or(t.dst.real, t.dst.abs),
				Summary: fmt.Sprintf("%s (will be refused: %v)", verb, err)}
		}
		as := tools.Assessment{Risk: tools.Medium, Scope: t.dst.real,
			Summary: fmt.Sprintf("%s %s to %s", verb, k.roots.Display(t.from), k.roots.Display(t.dst.real))}
		if move {
			as.Scope = commonDir(t.from, t.dst.real)
		}
		if t.replacing != nil {
			as.Risk = tools.High
			as.Summary += fmt.Sprintf(", replacing the %s already there", size(t.replacing.Size()))
		}
		return k.startupRisk(as, t.dst.real)
	}
}

// commonDir is the deepest folder holding both a and b.
func commonDir(a, b string) string {
	for !within(b, a) {
		a = filepath.Dir(a)
	}
	return a
}
