package fs

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	iofs "io/fs"
	"os"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed walk.md
var walkDescription string

var walkSchema = json.RawMessage(`{"type":"object","properties":{
 "path":{"type":"string","description":"Folder at the top of the tree"},
 "max_depth":{"type":"integer","minimum":1,"maximum":20,"description":"How many folder levels to open (default 3)"},
 "offset":{"type":"integer","minimum":0,"description":"Lines to skip, to page through a big tree (default 0)"},
 "limit":{"type":"integer","minimum":1,"maximum":2000,"description":"Most lines to return (default 500)"}},"required":["path"]}`)

type walkArgs struct {
	Path     *string `json:"path"`
	MaxDepth int     `json:"max_depth"`
	Offset   int     `json:"offset"`
	Limit    int     `json:"limit"`
}

// errEnough stops a walk that has what it needs.
var errEnough = errors.New("enough")

// walkTool returns fs_walk: a depth-limited tree listing, paged.
func (k *kit) walkTool() *tools.Tool {
	return &tools.Tool{Name: "fs_walk", Description: walkDescription, Schema: walkSchema,
		Meta:   tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low},
		Assess: k.readAssess("show the tree of", walkSchema),
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := decode("fs_walk", args, walkSchema, func(a *walkArgs) *string { return a.Path })
			if err != nil {
				return "", err
			}
			l, err := k.locate("fs_walk", *a.Path)
			if err != nil {
				return "", err
			}
			return k.walk(ctx, l.real, limit(a.MaxDepth, 3, 20), max(a.Offset, 0), limit(a.Limit, 500, 2000))
		}}
}

func (k *kit) walk(ctx context.Context, dir string, depth, offset, n int) (string, error) {
	if fi, err := os.Stat(dir); err != nil {
		return "", k.fileError("fs_walk", dir, err)
	} else if !fi.IsDir() {
		return "", fmt.Errorf("fs_walk: %s is a file, not a folder; use fs_stat or fs_read for it", k.roots.Display(dir))
	}
	var body strings.Builder
	line, more := 0, false
	err := k.tree(ctx, dir, depth, func(e treeEntry) error {
		if line++; line <= offset {
			return nil
		}
		if line > offset+n {
			more = true
			return errEnough
		}
		body.WriteString(strings.Repeat("  ", e.depth-1) + treeLine(e) + "\n")
		return nil
	})
	if err != nil && !errors.Is(err, errEnough) {
		if ctx.Err() != nil {
			return "", fmt.Errorf("fs_walk: stopped before the end (%w); try a smaller max_depth or a deeper folder", ctx.Err())
		}
		return "", k.fileError("fs_walk", dir, err)
	}
	head := fmt.Sprintf("%s/ (%d levels deep; deeper folders are not opened)\n", k.roots.Display(dir), depth)
	switch {
	case more:
		body.WriteString(fmt.Sprintf("[showed lines %d–%d; call fs_walk with offset=%d for more]\n", offset+1, offset+n, offset+n))
	case line == 0:
		body.WriteString("(empty)\n")
	case offset >= line:
		body.WriteString(fmt.Sprintf("[offset %d is past the last line (%d)]\n", offset, line))
	}
	return head + body.String(), nil
}

// treeLine is one entry of the tree: "name/", "name -> target" or
// "name (1.2 KB, 2026-01-02)".
func treeLine(e treeEntry) string {
	name := e.d.Name()
	switch {
	case e.blocked != "":
		if e.d.IsDir() {
			name += "/"
		}
		return name + "  (" + e.blocked + ", not opened)"
	case e.d.IsDir():
		return name + "/"
	case e.d.Type()&iofs.ModeSymlink != 0:
		t, _ := os.Readlink(e.path)
		return name + " -> " + t
	}
	fi, err := e.d.Info()
	if err != nil {
		return name
	}
	return fmt.Sprintf("%s (%s, %s)", name, size(fi.Size()), fi.ModTime().Format(time.DateOnly))
}
