package fs

import (
	"bytes"
	"io"
	"sync"
	"unicode/utf8"
)

// maxHitText caps the line shown for one content match.
const maxHitText = 300

// bufPool holds read buffers for grep, one per worker at a time.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// grep returns the matching lines of the file p; binary files and files
// over MaxSearchFile are counted as skipped and not read.
func (s *search) grep(p string) []hit {
	f, err := openRead(p)
	if err != nil {
		return nil
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	if fi.Size() > s.k.MaxSearchFile {
		s.skip(&s.big)
		return nil
	}
	bp := bufPool.Get().(*[]byte)
	defer bufPool.Put(bp)
	if int64(cap(*bp)) < fi.Size()+1 {
		*bp = make([]byte, 0, fi.Size()+1)
	}
	n, err := io.ReadFull(f, (*bp)[:fi.Size()+1]) // one byte more: a file that grew is cut, not overrun
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil
	}
	data := (*bp)[:min(n, int(fi.Size()))]
	if binary(data[:min(len(data), sniffSize)]) {
		s.skip(&s.bin)
		return nil
	}
	if !s.filter.Match(data) {
		return nil
	}
	return s.lines(p, data)
}

// lines returns the matching lines of data, numbered from 1.
func (s *search) lines(p string, data []byte) []hit {
	var out []hit
	for n := 1; len(data) > 0; n++ {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if s.re.Match(line) {
			out = append(out, hit{path: p, line: n, text: clip(line)})
		}
	}
	return out
}

// clip trims a line for display, cutting on a rune boundary.
func clip(line []byte) string {
	line = bytes.TrimSpace(line)
	if len(line) <= maxHitText {
		return string(bytes.ToValidUTF8(line, []byte("\uFFFD")))
	}
	cut := maxHitText
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return string(bytes.ToValidUTF8(line[:cut], []byte("\uFFFD"))) + " …"
}

// skip counts a skipped file.
func (s *search) skip(counter *int) {
	s.mu.Lock()
	*counter++
	s.mu.Unlock()
}
