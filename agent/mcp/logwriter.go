package mcp

import (
	"bytes"
	"io"
	"sync"
)

// lineWriter writes whole lines to out, each prefixed, under a lock shared
// by all servers; it remembers the last non-empty line, which error
// messages quote (a server that fails to start usually says why there).
type lineWriter struct {
	out    io.Writer
	mu     *sync.Mutex // shared with the other servers' writers
	prefix []byte

	lmu     sync.Mutex
	partial []byte
	last    string
}

const maxLogLine = 4096

func (w *lineWriter) Write(p []byte) (int, error) {
	w.lmu.Lock()
	defer w.lmu.Unlock()
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			break
		}
		w.emit(w.partial[:i])
		w.partial = w.partial[i+1:]
	}
	if len(w.partial) > maxLogLine {
		w.emit(w.partial)
		w.partial = w.partial[:0]
	}
	return len(p), nil
}

func (w *lineWriter) emit(line []byte) {
	line = bytes.TrimRight(line, "\r")
	if t := bytes.TrimSpace(line); len(t) > 0 {
		w.last = string(t[:min(len(t), 300)])
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	buf := make([]byte, 0, len(w.prefix)+len(line)+1)
	buf = append(append(append(buf, w.prefix...), line...), '\n')
	w.out.Write(buf) // a failing log must not stop the server
}

// lastLine returns the last non-empty line written.
func (w *lineWriter) lastLine() string {
	w.lmu.Lock()
	defer w.lmu.Unlock()
	if t := bytes.TrimSpace(w.partial); len(t) > 0 {
		return string(t[:min(len(t), 300)])
	}
	return w.last
}

// forget clears the remembered line before a new start.
func (w *lineWriter) forget() {
	w.lmu.Lock()
	defer w.lmu.Unlock()
	w.last, w.partial = "", w.partial[:0]
}
