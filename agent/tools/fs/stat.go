package fs

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	iofs "io/fs"
	"os"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed stat.md
var statDescription string

var statSchema = json.RawMessage(`{"type":"object","properties":{
 "path":{"type":"string","description":"File or folder to describe"}},"required":["path"]}`)

// statTool returns fs_stat: one entry's name, size, type, mode, times and
// symbolic link target.
func (k *kit) statTool() *tools.Tool {
	return &tools.Tool{Name: "fs_stat", Description: statDescription, Schema: statSchema,
		Meta:   tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low},
		Assess: k.readAssess("describe", statSchema),
		Run: func(_ context.Context, args json.RawMessage) (string, error) {
			a, err := decode("fs_stat", args, statSchema, func(a *pathArgs) *string { return a.Path })
			if err != nil {
				return "", err
			}
			l, err := k.locate("fs_stat", *a.Path)
			if err != nil {
				return "", err
			}
			return k.stat(l)
		}}
}

func (k *kit) stat(l located) (string, error) {
	fi, err := os.Lstat(l.link)
	if err != nil {
		return "", k.fileError("fs_stat", l.link, err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\npath: %s\ntype: %s\n", fi.Name(), k.roots.Display(l.link), kind(fi.Mode()))
	if fi.Mode()&iofs.ModeSymlink != 0 {
		t, _ := os.Readlink(l.link)
		fmt.Fprintf(&b, "symlink target: %s (resolves to %s)\n", t, k.roots.Display(l.real))
		if fi, err = os.Stat(l.real); err != nil {
			b.WriteString("the target does not exist\n")
			return b.String(), nil
		}
		fmt.Fprintf(&b, "target type: %s\n", kind(fi.Mode()))
	}
	if !fi.IsDir() {
		fmt.Fprintf(&b, "size: %d bytes (%s)\n", fi.Size(), size(fi.Size()))
	}
	fmt.Fprintf(&b, "mode: %s (%04o)\nmodified: %s", fi.Mode(), fi.Mode().Perm(), fi.ModTime().Format("2006-01-02 15:04:05 -0700"))
	return b.String(), nil
}
