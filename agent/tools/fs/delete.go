package fs

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed delete.md
var deleteDescription string

var deleteSchema = json.RawMessage(`{"type":"object","properties":{
 "path":{"type":"string","description":"File or folder to move to the trash"}},"required":["path"]}`)

// deleteTool returns fs_delete: move a file or folder to the trash. High
// risk always; it never unlinks.
func (k *kit) deleteTool() *tools.Tool {
	return &tools.Tool{Name: "fs_delete", Description: deleteDescription, Schema: deleteSchema,
		Meta:   tools.Meta{Risk: tools.High},
		Assess: k.deleteAssess,
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := decode("fs_delete", args, deleteSchema, func(a *pathArgs) *string { return a.Path })
			if err != nil {
				return "", err
			}
			l, err := k.locate("fs_delete", *a.Path)
			if err != nil {
				return "", err
			}
			if err := k.deletable(l.link); err != nil {
				return "", err
			}
			if err := ctx.Err(); err != nil {
				return "", fmt.Errorf("fs_delete: nothing deleted: %w", err)
			}
			where, err := k.toTrash(l.link)
			if err != nil {
				return "", fmt.Errorf("fs_delete: could not move %s to the trash (%v); nothing was deleted", k.roots.Display(l.link), err)
			}
			return fmt.Sprintf("moved %s to the trash (%s); it can be restored from there", k.roots.Display(l.link), k.roots.Display(where)), nil
		}}
}

// deletable refuses a missing entry, a root or a folder holding one or a
// private place, the trash or anything in it, and a mount point.
func (k *kit) deletable(entry string) error {
	if _, err := os.Lstat(entry); err != nil {
		return k.fileError("fs_delete", entry, err)
	}
	if err := k.guard("fs_delete", entry); err != nil {
		return err
	}
	trash := newPlace(k.Trash)
	uid := strconv.Itoa(os.Getuid())
	for _, c := range strings.Split(entry, "/") {
		if c == ".Trash" || c == ".Trash-"+uid {
			return fmt.Errorf("fs_delete: %s is in a trash folder already", k.roots.Display(entry))
		}
	}
	for _, t := range []string{trash.path, trash.real} {
		if within(entry, t) || within(t, entry) {
			return fmt.Errorf("fs_delete: %s is (or holds) the trash, %s; empty the trash from the desktop instead", k.roots.Display(entry), k.roots.Display(k.Trash))
		}
	}
	for _, m := range readMounts() {
		if m.point == entry {
			return fmt.Errorf("fs_delete: %s is a mount point (%s); kin does not delete mount points", k.roots.Display(entry), m.source)
		}
	}
	if sameDevice(filepath.Dir(entry), entry) {
		return nil
	}
	return fmt.Errorf("fs_delete: %s is a mount point (another disk); kin does not delete mount points", k.roots.Display(entry))
}

// deleteAssess: always high; says what goes to the trash.
func (k *kit) deleteAssess(args json.RawMessage) tools.Assessment {
	a, err := tools.Decode[pathArgs]("fs_delete", args, deleteSchema)
	if err != nil || a.Path == nil {
		return tools.Assessment{Risk: tools.High, Summary: "delete (arguments unreadable: will fail)"}
	}
	l, err := k.scope(*a.Path)
	if err != nil {
		as := k.refused("delete", l, err)
		as.Risk = tools.High
		return as
	}
	if err := k.deletable(l.link); err != nil && lstat(l.link) != nil {
		return tools.Assessment{Risk: tools.High, Scope: l.link, Summary: fmt.Sprintf("delete %s (will be refused: %v)", k.roots.Display(l.link), err)}
	}
	as := tools.Assessment{Risk: tools.High, Scope: l.link, Summary: "delete " + k.roots.Display(l.link) + " (to the trash)"}
	if fi := lstat(l.link); fi != nil {
		what := kind(fi.Mode())
		if fi.Mode().IsRegular() {
			what = size(fi.Size())
		}
		as.Summary = fmt.Sprintf("delete %s (%s, to the trash)", k.roots.Display(l.link), what)
	}
	return as
}
