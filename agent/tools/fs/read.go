package fs

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed read.md
var readDescription string

var readSchema = json.RawMessage(`{"type":"object","properties":{
 "path":{"type":"string","description":"File to read, e.g. \"~/notes/todo.txt\""},
 "start_line":{"type":"integer","minimum":1,"description":"First line to show, 1-based (default 1)"},
 "end_line":{"type":"integer","minimum":1,"description":"Last line to show, inclusive (default: as far as the size cap allows)"}},"required":["path"]}`)

type readArgs struct {
	Path      *string `json:"path"`
	StartLine int     `json:"start_line"`
	EndLine   int     `json:"end_line"`
}

// sniffSize is how much of a file decides whether it is text.
const sniffSize = 8192

// readTool returns fs_read: numbered lines of a text file, or a picture.
func (k *kit) readTool() *tools.Tool {
	return &tools.Tool{Name: "fs_read", Description: readDescription, Schema: readSchema,
		Meta:   tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low},
		Assess: k.readAssess("read", readSchema),
		RunResult: func(ctx context.Context, args json.RawMessage) (tools.Result, error) {
			a, err := decode("fs_read", args, readSchema, func(a *readArgs) *string { return a.Path })
			if err != nil {
				return tools.Result{}, err
			}
			if a.StartLine < 0 || a.EndLine < 0 || (a.EndLine > 0 && a.EndLine < max(a.StartLine, 1)) {
				return tools.Result{}, fmt.Errorf("fs_read: start_line %d and end_line %d do not make a range; lines count from 1 and end_line must not be before start_line", a.StartLine, a.EndLine)
			}
			l, err := k.locate("fs_read", *a.Path)
			if err != nil {
				return tools.Result{}, err
			}
			return k.read(ctx, l.real, max(a.StartLine, 1), a.EndLine)
		}}
}

func (k *kit) read(ctx context.Context, p string, start, end int) (tools.Result, error) {
	if err := ctx.Err(); err != nil {
		return tools.Result{}, fmt.Errorf("fs_read: stopped: %w", err)
	}
	f, fi, err := k.openRegular("fs_read", p)
	if err != nil {
		return tools.Result{}, err
	}
	defer f.Close()
	head := make([]byte, sniffSize)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return tools.Result{}, k.fileError("fs_read", p, err)
	}
	head = head[:n]
	if mt := imageType(head); mt != "" {
		return k.readImage(ctx, f, fi, mt, p)
	}
	if binary(head) {
		return tools.Result{}, fmt.Errorf("fs_read: %s is a binary file (%d bytes, %s); fs_read shows only text and pictures (PNG, JPEG, GIF, WebP) — use fs_stat for its details",
			k.roots.Display(p), fi.Size(), size(fi.Size()))
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return tools.Result{}, k.fileError("fs_read", p, err)
	}
	text, err := k.readLines(ctx, f, p, fi.Size(), start, end)
	return tools.Result{Text: text}, err
}

// openRegular opens p and makes sure it is a regular file, without ever
// blocking on a pipe or device.
func (k *kit) openRegular(tool, p string) (*os.File, os.FileInfo, error) {
	f, err := openRead(p)
	if err != nil {
		return nil, nil, k.fileError(tool, p, err)
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s: %s is a %s, not a file", tool, k.roots.Display(p), kind(fi.Mode()))
		if fi.IsDir() {
			err = fmt.Errorf("%s: %s is a folder, not a file; use fs_list or fs_walk to see inside it", tool, k.roots.Display(p))
		}
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// binary reports whether a file's head looks like anything but text: a
// NUL byte, or more than one byte in ten that is not UTF-8.
func binary(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	if utf8.Valid(head) {
		return false
	}
	bad := 0
	for i := 0; i < len(head) && i < len(head)-utf8.UTFMax; {
		r, n := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && n == 1 {
			bad++
		}
		i += n
	}
	return bad*10 > len(head)
}

// readLines writes lines start..end of r, numbered, within MaxRead bytes.
func (k *kit) readLines(ctx context.Context, r io.Reader, p string, total int64, start, end int) (string, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var body strings.Builder
	line, shown, eof := 0, 0, false
	note := ""
	for end == 0 || line < end {
		keep := 0
		if line+1 >= start {
			keep = int(k.MaxRead) - body.Len()
		}
		text, dropped, err := nextLine(br, keep)
		if err == io.EOF {
			eof = true
			break
		}
		if err != nil {
			return "", k.fileError("fs_read", p, err)
		}
		if line++; line%4096 == 0 && ctx.Err() != nil {
			return "", fmt.Errorf("fs_read: stopped at line %d: %w", line, ctx.Err())
		}
		if line < start {
			continue
		}
		entry := fmt.Sprintf("%6d\t%s\n", line, strings.ToValidUTF8(string(text), "\uFFFD"))
		if shown > 0 && int64(body.Len()+len(entry)) > k.MaxRead {
			note = fmt.Sprintf("[stopped before line %d to stay under %s; call fs_read with start_line=%d to read on]", line, size(k.MaxRead), line)
			line--
			break
		}
		body.WriteString(entry)
		shown++
		if dropped > 0 {
			note = fmt.Sprintf("[line %d is longer than the %s cap: %d more bytes of it are not shown; call fs_read with start_line=%d to go on after it]", line, size(k.MaxRead), dropped, line+1)
			break
		}
	}
	if _, err := br.Peek(1); err == io.EOF && note == "" {
		eof = true // the range ended on the last line
	}
	return k.readHeader(p, total, start, line, shown, eof) + body.String() + note, k.pastEnd(p, start, line, shown, eof)
}

// readHeader says which lines follow.
func (k *kit) readHeader(p string, total int64, start, last, shown int, eof bool) string {
	of := " (more follow)"
	if eof {
		of = fmt.Sprintf(" of %d", last)
	}
	if shown == 0 {
		return fmt.Sprintf("%s (%s): empty\n", k.roots.Display(p), size(total))
	}
	return fmt.Sprintf("%s (%s): lines %d–%d%s\n", k.roots.Display(p), size(total), start, last, of)
}

func (k *kit) pastEnd(p string, start, last, shown int, eof bool) error {
	if shown == 0 && eof && start > 1 {
		return fmt.Errorf("fs_read: start_line %d is past the end of %s, which has %d lines", start, k.roots.Display(p), last)
	}
	return nil
}

// nextLine returns the next line without its line break, keeping at most
// keep bytes of it and counting the bytes dropped; io.EOF when none is left.
func nextLine(br *bufio.Reader, keep int) (line []byte, dropped int64, err error) {
	got := false
	for {
		chunk, err := br.ReadSlice('\n')
		got = got || len(chunk) > 0
		if err == nil {
			chunk = bytes.TrimSuffix(chunk[:len(chunk)-1], []byte("\r"))
		}
		take := min(max(keep-len(line), 0), len(chunk))
		line = append(line, chunk[:take]...)
		dropped += int64(len(chunk) - take)
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == nil, err == io.EOF && got:
			return line, dropped, nil
		}
		return nil, 0, err
	}
}
