package fs

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed write.md
var writeDescription string

var writeSchema = json.RawMessage(`{"type":"object","properties":{
 "path":{"type":"string","description":"File to create or replace, e.g. \"~/notes/plan.md\""},
 "content":{"type":"string","description":"The whole text the file will hold"}},"required":["path","content"]}`)

type writeArgs struct {
	Path    *string `json:"path"`
	Content *string `json:"content"`
}

// writeTool returns fs_write: create a file (medium risk) or replace one
// (high risk), making missing folders inside the root.
func (k *kit) writeTool() *tools.Tool {
	return &tools.Tool{Name: "fs_write", Description: writeDescription, Schema: writeSchema,
		Meta:   tools.Meta{Risk: tools.Medium},
		Assess: k.writeAssess,
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := decode("fs_write", args, writeSchema, func(a *writeArgs) *string { return a.Path })
			if err != nil {
				return "", err
			}
			if a.Content == nil {
				return "", errors.New("fs_write: the argument \"content\" is missing; give the text the file should hold (\"\" for an empty file)")
			}
			l, err := k.locate("fs_write", *a.Path)
			if err != nil {
				return "", err
			}
			return k.write(ctx, l, []byte(*a.Content))
		}}
}

func (k *kit) write(ctx context.Context, l located, data []byte) (string, error) {
	if int64(len(data)) > k.MaxWrite {
		return "", fmt.Errorf("fs_write: the content is %s, more than the %s fs_write accepts", size(int64(len(data))), size(k.MaxWrite))
	}
	old := lstat(l.real)
	if old != nil && !old.Mode().IsRegular() {
		return "", fmt.Errorf("fs_write: %s is a %s, not a file; choose another name", k.roots.Display(l.real), kind(old.Mode()))
	}
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("fs_write: nothing written: %w", err)
	}
	if err := k.replace(l, data, 0o644); err != nil {
		return "", fmt.Errorf("fs_write: could not write %s: %w", k.roots.Display(l.real), err)
	}
	if old != nil {
		return fmt.Sprintf("overwrote %s (was %s, now %s)", k.roots.Display(l.real), size(old.Size()), size(int64(len(data)))), nil
	}
	return fmt.Sprintf("created %s (%s)", k.roots.Display(l.real), size(int64(len(data)))), nil
}

// replace writes data over (or into a new) l.real without following a
// symbolic link at its name; a new file gets perm.
func (k *kit) replace(l located, data []byte, perm os.FileMode) error {
	f, err := openWrite(l.root.real, l.real, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeAssess: creating is medium, overwriting or writing a file that runs
// on its own later is high.
func (k *kit) writeAssess(args json.RawMessage) tools.Assessment {
	a, err := tools.Decode[writeArgs]("fs_write", args, writeSchema)
	if err != nil || a.Path == nil {
		return tools.Assessment{Risk: tools.Medium, Summary: "write a file (arguments unreadable: will fail)"}
	}
	n := int64(0)
	if a.Content != nil {
		n = int64(len(*a.Content))
	}
	l, err := k.scope(*a.Path)
	if err != nil {
		return k.refused("write", l, err)
	}
	as := tools.Assessment{Risk: tools.Medium, Scope: l.real,
		Summary: fmt.Sprintf("create %s (%s)", k.roots.Display(l.real), size(n))}
	if old := lstat(l.real); old != nil {
		as.Risk = tools.High
		as.Summary = fmt.Sprintf("overwrite %s (%s → %s)", k.roots.Display(l.real), size(old.Size()), size(n))
	}
	return k.startupRisk(as, l.real)
}

// startupRisk raises as to high when p runs or loads on its own later.
func (k *kit) startupRisk(as tools.Assessment, p string) tools.Assessment {
	if k.runsLater(p, lstat(p)) {
		as.Risk = tools.High
		as.Summary += " — a file that runs or loads on its own later"
	}
	return as
}
