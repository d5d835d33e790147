package main

import (
	"bufio"
	"io"
	"strings"
	"sync"
)

// terminal reads the chat's input on its own goroutine and routes each
// line: to a question kin is waiting on (y/n, ask_user), else to the
// conversation — where, while a turn runs, it steers that turn.
type terminal struct {
	lines chan string   // lines for the conversation; closed at the end of input
	eof   chan struct{} // closed at the end of input

	mu    sync.Mutex
	reply chan string // a question waiting for the next line
}

// newTerminal starts reading r.
func newTerminal(r io.Reader) *terminal {
	t := &terminal{lines: make(chan string, 64), eof: make(chan struct{})}
	go t.read(r)
	return t
}

func (t *terminal) read(r io.Reader) {
	defer close(t.eof)
	defer close(t.lines)
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadString('\n')
		if line != "" || err == nil {
			t.route(strings.TrimRight(line, "\r\n"))
		}
		if err != nil {
			return
		}
	}
}

func (t *terminal) route(line string) {
	t.mu.Lock()
	if t.reply != nil {
		t.reply <- line
		t.reply = nil
		t.mu.Unlock()
		return
	}
	t.mu.Unlock()
	t.lines <- line
}

// next waits for the next line typed after it was called: the answer to a
// question. io.EOF when the input has ended.
func (t *terminal) next() (string, error) {
	ch := make(chan string, 1)
	t.mu.Lock()
	t.reply = ch
	t.mu.Unlock()
	select {
	case s := <-ch:
		return s, nil
	case <-t.eof:
		select { // a line that raced the end of input
		case s := <-ch:
			return s, nil
		default:
			return "", io.EOF
		}
	}
}
