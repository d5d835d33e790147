package fs

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed move.md
var moveDescription string

var moveSchema = transferSchema("move or rename")

// moveTool returns fs_move: rename a file or folder within the roots;
// medium risk, high when it replaces a file.
func (k *kit) moveTool() *tools.Tool {
	return &tools.Tool{Name: "fs_move", Description: moveDescription, Schema: moveSchema,
		Meta:   tools.Meta{Risk: tools.Medium},
		Assess: k.transferAssess("fs_move", "move", moveSchema, true),
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			t, err := k.plan("fs_move", args, moveSchema, true)
			if err != nil {
				return "", err
			}
			if err := ctx.Err(); err != nil {
				return "", fmt.Errorf("fs_move: nothing moved: %w", err)
			}
			return k.move(t)
		}}
}

func (k *kit) move(t transfer) (string, error) {
	d := k.roots.Display
	srcRoot, _ := k.roots.rootOf(t.from)
	err := rename(srcRoot.real, t.from, t.dst)
	if errors.Is(err, syscall.EXDEV) {
		return "", fmt.Errorf("fs_move: %s and %s are on different disks, so it cannot be moved in one step; copy it with fs_copy, then delete the original with fs_delete", d(t.from), d(filepath.Dir(t.dst.real)))
	}
	if err != nil {
		return "", fmt.Errorf("fs_move: could not move %s to %s: %w", d(t.from), d(t.dst.real), err)
	}
	if t.replacing != nil {
		return fmt.Sprintf("moved %s to %s, replacing the file that was there", d(t.from), d(t.dst.real)), nil
	}
	return fmt.Sprintf("moved %s to %s", d(t.from), d(t.dst.real)), nil
}

// rename moves from (inside srcRoot) to dst, creating dst's missing
// folders. Within one root it goes through an [os.Root], so neither end
// can be led out of the root by a link swapped in meanwhile; across two
// roots it renames the checked paths.
func rename(srcRoot, from string, dst located) error {
	r, err := os.OpenRoot(dst.root.real)
	if err != nil {
		return err
	}
	defer r.Close()
	to, err := filepath.Rel(dst.root.real, dst.real)
	if err != nil {
		return err
	}
	if err := r.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	if srcRoot != dst.root.real || !within(from, srcRoot) {
		return os.Rename(from, dst.real)
	}
	rel, err := filepath.Rel(srcRoot, from)
	if err != nil {
		return err
	}
	return r.Rename(rel, to)
}
