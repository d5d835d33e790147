package fs

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	iofs "io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed list.md
var listDescription string

var listSchema = json.RawMessage(`{"type":"object","properties":{
 "path":{"type":"string","description":"Folder to list, e.g. \"~/Documents\""},
 "offset":{"type":"integer","minimum":0,"description":"Entries to skip, to page through a big folder (default 0)"},
 "limit":{"type":"integer","minimum":1,"maximum":1000,"description":"Most entries to return (default 200)"}},"required":["path"]}`)

type listArgs struct {
	Path   *string `json:"path"`
	Offset int     `json:"offset"`
	Limit  int     `json:"limit"`
}

// listTool returns fs_list: a folder's entries, sorted by name, paged.
func (k *kit) listTool() *tools.Tool {
	return &tools.Tool{Name: "fs_list", Description: listDescription, Schema: listSchema,
		Meta:   tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low},
		Assess: k.readAssess("list", listSchema),
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := decode("fs_list", args, listSchema, func(a *listArgs) *string { return a.Path })
			if err != nil {
				return "", err
			}
			l, err := k.locate("fs_list", *a.Path)
			if err != nil {
				return "", err
			}
			return k.list(ctx, l.real, a.Offset, limit(a.Limit, 200, 1000))
		}}
}

func limit(v, def, most int) int {
	if v <= 0 {
		return def
	}
	return min(v, most)
}

func (k *kit) list(ctx context.Context, dir string, offset, n int) (string, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return "", k.fileError("fs_list", dir, err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("fs_list: %s is a file, not a folder; use fs_stat or fs_read for it", k.roots.Display(dir))
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", k.fileError("fs_list", dir, err)
	}
	slices.SortFunc(entries, func(a, b iofs.DirEntry) int {
		return strings.Compare(strings.ToLower(a.Name()), strings.ToLower(b.Name()))
	})
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d entries (name, type, size, modified)\n", k.roots.Display(dir), len(entries))
	end := min(len(entries), offset+n)
	for _, e := range entries[min(offset, end):end] {
		if ctx.Err() != nil {
			return "", fmt.Errorf("fs_list: stopped before the end: %w", ctx.Err())
		}
		b.WriteString(k.entryLine(filepath.Join(dir, e.Name()), e.Name()))
		b.WriteByte('\n')
	}
	if end < len(entries) {
		fmt.Fprintf(&b, "[showed entries %d–%d of %d; call fs_list with offset=%d for more]\n", offset+1, end, len(entries), end)
	} else if offset >= len(entries) && len(entries) > 0 {
		fmt.Fprintf(&b, "[offset %d is past the last entry]\n", offset)
	}
	return b.String(), nil
}

// entryLine describes one entry: "name<TAB>type<TAB>size<TAB>modified".
func (k *kit) entryLine(p, name string) string {
	fi, err := os.Lstat(p)
	if err != nil {
		return name + "\t(vanished)"
	}
	if _, bad := k.roots.excludedBy(p); bad {
		return name + "\tprivate (never touched)"
	}
	sz := "-"
	switch {
	case fi.IsDir():
		name += "/"
	case fi.Mode()&iofs.ModeSymlink != 0:
		t, _ := os.Readlink(p)
		name += " -> " + t
	default:
		sz = size(fi.Size())
	}
	return fmt.Sprintf("%s\t%s\t%s\t%s", name, kind(fi.Mode()), sz, fi.ModTime().Format("2006-01-02 15:04"))
}

// readAssess grades a read-only call: low risk, its path as scope.
func (k *kit) readAssess(verb string, schema json.RawMessage) func(json.RawMessage) tools.Assessment {
	return func(args json.RawMessage) tools.Assessment {
		a, err := tools.Decode[pathArgs]("", args, schema)
		if err != nil || a.Path == nil {
			return tools.Assessment{Summary: verb + " (arguments unreadable: will fail)"}
		}
		l, err := k.scope(*a.Path)
		if err != nil {
			return k.refused(verb, l, err)
		}
		return tools.Assessment{Risk: tools.Low, Scope: l.real, Summary: verb + " " + k.roots.Display(l.real)}
	}
}
