package fs

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed edit.md
var editDescription string

var editSchema = json.RawMessage(`{"type":"object","properties":{
 "path":{"type":"string","description":"Text file to change"},
 "old_text":{"type":"string","description":"Exact text to replace, copied from the file with its spaces and line breaks; must occur exactly once unless all is true"},
 "new_text":{"type":"string","description":"Text to put in its place (\"\" removes it)"},
 "all":{"type":"boolean","description":"Replace every occurrence instead of requiring exactly one"}},"required":["path","old_text","new_text"]}`)

type editArgs struct {
	Path    *string `json:"path"`
	OldText *string `json:"old_text"`
	NewText *string `json:"new_text"`
	All     bool    `json:"all"`
}

// editTool returns fs_edit: replace an exact piece of a text file. Its
// risk is medium — one exact, visible replacement — and high when all is
// true (every occurrence changes, how many the user cannot see from the
// call) or when the file runs or loads on its own later (shell start-up
// files, autostart entries, executables).
func (k *kit) editTool() *tools.Tool {
	return &tools.Tool{Name: "fs_edit", Description: editDescription, Schema: editSchema,
		Meta:   tools.Meta{Risk: tools.Medium},
		Assess: k.editAssess,
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := decode("fs_edit", args, editSchema, func(a *editArgs) *string { return a.Path })
			if err != nil {
				return "", err
			}
			if a.OldText == nil || *a.OldText == "" {
				return "", errors.New("fs_edit: the argument \"old_text\" is missing or empty; copy the exact text to replace from fs_read's output (without the line numbers)")
			}
			if a.NewText == nil {
				return "", errors.New("fs_edit: the argument \"new_text\" is missing; give the replacement (\"\" to remove old_text)")
			}
			if *a.OldText == *a.NewText {
				return "", errors.New("fs_edit: old_text and new_text are the same, so there is nothing to change")
			}
			l, err := k.locate("fs_edit", *a.Path)
			if err != nil {
				return "", err
			}
			return k.edit(ctx, l, *a.OldText, *a.NewText, a.All)
		}}
}

func (k *kit) edit(ctx context.Context, l located, oldText, newText string, all bool) (string, error) {
	text, mode, err := k.readText("fs_edit", l.real)
	if err != nil {
		return "", err
	}
	count := strings.Count(text, oldText)
	if count == 0 && strings.Contains(text, "\r\n") && !strings.Contains(oldText, "\r") {
		oldText, newText = strings.ReplaceAll(oldText, "\n", "\r\n"), strings.ReplaceAll(newText, "\n", "\r\n")
		count = strings.Count(text, oldText) // the file has Windows line breaks
	}
	if err := k.matchError(l.real, text, oldText, count, all); err != nil {
		return "", err
	}
	first := strings.Count(text[:strings.Index(text, oldText)], "\n") + 1
	out := strings.Replace(text, oldText, newText, 1)
	if all {
		out = strings.ReplaceAll(text, oldText, newText)
	}
	if int64(len(out)) > k.MaxWrite {
		return "", fmt.Errorf("fs_edit: the result would be %s, more than the %s fs_edit writes", size(int64(len(out))), size(k.MaxWrite))
	}
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("fs_edit: nothing changed: %w", err)
	}
	if err := k.replace(l, []byte(out), mode); err != nil {
		return "", fmt.Errorf("fs_edit: could not write %s: %w", k.roots.Display(l.real), err)
	}
	what := fmt.Sprintf("1 occurrence at line %d", first)
	if count > 1 {
		what = fmt.Sprintf("%d occurrences, the first at line %d", count, first)
	}
	return fmt.Sprintf("edited %s: replaced %s (%s → %s)", k.roots.Display(l.real), what, size(int64(len(text))), size(int64(len(out)))), nil
}

// matchError explains an old_text found zero times, or more than once
// without all.
func (k *kit) matchError(p, text, oldText string, count int, all bool) error {
	switch {
	case count == 0 && strings.Contains(strings.Join(strings.Fields(text), " "), strings.Join(strings.Fields(oldText), " ")):
		return fmt.Errorf("fs_edit: old_text was not found exactly in %s, but text differing only in spaces, tabs or line breaks was; read the file again and copy old_text exactly", k.roots.Display(p))
	case count == 0:
		return fmt.Errorf("fs_edit: old_text was not found in %s; read the file again with fs_read and copy the text exactly, with its spaces and line breaks", k.roots.Display(p))
	case count > 1 && !all:
		return fmt.Errorf("fs_edit: old_text occurs %d times in %s (at lines %s); add the surrounding text to make it unique, or set all: true to replace every one",
			count, k.roots.Display(p), lineList(text, oldText))
	}
	return nil
}

// lineList returns the lines where s starts in text, at most ten.
func lineList(text, s string) string {
	var out []string
	line, from := 1, 0
	for len(out) < 10 {
		i := strings.Index(text[from:], s)
		if i < 0 {
			break
		}
		line += strings.Count(text[from:from+i], "\n")
		out = append(out, fmt.Sprint(line))
		line += strings.Count(s, "\n")
		from += i + len(s)
	}
	return strings.Join(out, ", ")
}

// readText reads a whole text file of at most MaxWrite bytes, with its mode.
func (k *kit) readText(tool, p string) (string, os.FileMode, error) {
	f, fi, err := k.openRegular(tool, p)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	if fi.Size() > k.MaxWrite {
		return "", 0, fmt.Errorf("%s: %s is %s, more than the %s %s handles; fs_write can replace it whole", tool, k.roots.Display(p), size(fi.Size()), size(k.MaxWrite), tool)
	}
	data, err := io.ReadAll(io.LimitReader(f, k.MaxWrite+1))
	if err != nil {
		return "", 0, k.fileError(tool, p, err)
	}
	if binary(data[:min(len(data), sniffSize)]) {
		return "", 0, fmt.Errorf("%s: %s is a binary file (%d bytes); only text files can be edited", tool, k.roots.Display(p), fi.Size())
	}
	return string(data), fi.Mode().Perm(), nil
}

// editAssess: medium for one exact replacement, high for all: true or a
// file that runs or loads on its own later.
func (k *kit) editAssess(args json.RawMessage) tools.Assessment {
	a, err := tools.Decode[editArgs]("fs_edit", args, editSchema)
	if err != nil || a.Path == nil {
		return tools.Assessment{Risk: tools.Medium, Summary: "edit a file (arguments unreadable: will fail)"}
	}
	l, err := k.scope(*a.Path)
	if err != nil {
		return k.refused("edit", l, err)
	}
	as := tools.Assessment{Risk: tools.Medium, Scope: l.real, Summary: "edit " + k.roots.Display(l.real) + " (replace one exact piece of text)"}
	if a.All {
		as.Risk, as.Summary = tools.High, "edit "+k.roots.Display(l.real)+" (replace every occurrence of a piece of text)"
	}
	return k.startupRisk(as, l.real)
}
