package fs

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed copy.md
var copyDescription string

var copySchema = transferSchema("copy")

// copyTool returns fs_copy: a file or a folder tree to a new place in the
// roots; medium risk, high when it replaces a file.
func (k *kit) copyTool() *tools.Tool {
	return &tools.Tool{Name: "fs_copy", Description: copyDescription, Schema: copySchema,
		Meta:   tools.Meta{Risk: tools.Medium, TimeoutFloor: 5 * time.Minute},
		Assess: k.transferAssess("fs_copy", "copy", copySchema, false),
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			t, err := k.plan("fs_copy", args, copySchema, false)
			if err != nil {
				return "", err
			}
			return k.copy(ctx, t)
		}}
}

// copied counts what a copy made.
type copied struct {
	files, dirs, skipped int
	bytes                int64
}

func (c copied) String() string {
	s := fmt.Sprintf("%d files, %d folders, %s", c.files, c.dirs, size(c.bytes))
	if c.skipped > 0 {
		s += fmt.Sprintf("; %d entries skipped (private places, other disks, pipes or devices)", c.skipped)
	}
	return s
}

func (k *kit) copy(ctx context.Context, t transfer) (string, error) {
	d := k.roots.Display
	if t.info.IsDir() {
		c, err := k.copyTree(ctx, t.from, t.dst)
		if err != nil {
			return "", fmt.Errorf("fs_copy: the copy of %s stopped after %s: %w; what was copied so far is in %s", d(t.from), c, err, d(t.dst.real))
		}
		return fmt.Sprintf("copied folder %s to %s (%s)", d(t.from), d(t.dst.real), c), nil
	}
	if !t.info.Mode().IsRegular() {
		return "", fmt.Errorf("fs_copy: %s is a %s, which kin does not copy", d(t.from), kind(t.info.Mode()))
	}
	n, err := k.copyFile(ctx, t.from, t.dst, t.info.Mode().Perm(), t.replacing == nil)
	if err != nil {
		return "", fmt.Errorf("fs_copy: could not copy %s to %s: %w", d(t.from), d(t.dst.real), err)
	}
	verb := "copied"
	if t.replacing != nil {
		verb = "copied (replacing the old file)"
	}
	return fmt.Sprintf("%s %s to %s (%s)", verb, d(t.from), d(t.dst.real), size(n)), nil
}

// copyFile copies the file src over (or to a new) dst; a new file left
// half-made by a failure is removed.
func (k *kit) copyFile(ctx context.Context, src string, dst located, perm os.FileMode, fresh bool) (int64, error) {
	in, _, err := k.openRegular("fs_copy", src)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	out, err := openWrite(dst.root.real, dst.real, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return 0, err
	}
	n, err := copyData(ctx, out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil && fresh {
		os.Remove(dst.real)
	}
	return n, err
}

// copyTree copies the folder src to the new folder dst through an
// [os.Root] of dst's root, creating with O_EXCL so nothing is followed.
func (k *kit) copyTree(ctx context.Context, src string, dst located) (copied, error) {
	var c copied
	r, err := os.OpenRoot(dst.root.real)
	if err != nil {
		return c, err
	}
	defer r.Close()
	rel, err := filepath.Rel(dst.root.real, dst.real)
	if err != nil {
		return c, err
	}
	if err := r.MkdirAll(filepath.Dir(rel), 0o755); err != nil {
		return c, err
	}
	if err := r.Mkdir(rel, 0o755); err != nil {
		return c, err
	}
	c.dirs++
	err = k.tree(ctx, src, 0, func(e treeEntry) error {
		return k.copyEntry(ctx, r, e, filepath.Join(rel, e.path[len(src)+1:]), &c)
	})
	return c, err
}

// copyEntry copies one entry met in a tree to target inside r, counting it.
func (k *kit) copyEntry(ctx context.Context, r *os.Root, e treeEntry, target string, c *copied) error {
	fi, err := e.d.Info()
	switch {
	case err != nil:
		return err
	case e.blocked != "":
		c.skipped++
	case fi.IsDir():
		c.dirs++
		return r.Mkdir(target, fi.Mode().Perm()|0o700)
	case fi.Mode()&iofs.ModeSymlink != 0:
		link, err := os.Readlink(e.path)
		if err != nil {
			return err
		}
		c.files++
		return r.Symlink(link, target)
	case fi.Mode().IsRegular():
		n, err := k.copyInto(ctx, r, e.path, target, fi.Mode().Perm())
		c.files, c.bytes = c.files+1, c.bytes+n
		return err
	default:
		c.skipped++
	}
	return nil
}

// copyInto copies the file src to the new file target inside r.
func (k *kit) copyInto(ctx context.Context, r *os.Root, src, target string, perm os.FileMode) (int64, error) {
	in, _, err := k.openRegular("fs_copy", src)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	out, err := r.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return 0, err
	}
	n, err := copyData(ctx, out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// copyData copies r to w in 1 MiB steps, stopping when ctx is done.
func copyData(ctx context.Context, w io.Writer, r io.Reader) (int64, error) {
	buf := make([]byte, 1<<20)
	var total int64
	for {
		if err := ctx.Err(); err != nil {
			return total, fmt.Errorf("stopped: %w", err)
		}
		n, err := r.Read(buf)
		if n > 0 {
			m, werr := w.Write(buf[:n])
			total += int64(m)
			if werr != nil {
				return total, werr
			}
		}
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}
