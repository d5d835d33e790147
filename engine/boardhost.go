package engine

import (
	"net/url"
	"strings"
	"time"
)

// BoardHost connects the whiteboard to the rest of kin: what a click on a
// link, a copy and a picture need. main builds it from the agent's tools,
// so that these go where the agent's own actions go. Any field may be nil;
// the board then says the feature is not available.
type BoardHost struct {
	// Open opens a link the user clicked: an http(s) or mailto URL, or a
	// file path. kin-window runs the open tool through the permission
	// gate and the diary, exactly as the model's own call would. It may
	// block (a confirmation); the board calls it off the game loop.
	Open func(target string) error
	// Copy puts text on the clipboard (the clipboard_write tool).
	Copy func(text string) error
	// Resolve vets a picture's path against the file roots (the file
	// tools' check) and returns the path to read; an error refuses it.
	Resolve func(path string) (string, error)
}

// boardActs runs the host's Open and Copy off the game loop and brings
// back what went wrong, for the window's message line.
type boardActs struct {
	notes  chan string
	copied time.Time // until when the button shows "Copied"
}

// run calls f in a goroutine; an error becomes a note.
func (a *boardActs) run(what string, f func() error) {
	if a.notes == nil {
		a.notes = make(chan string, 4)
	}
	go func() {
		if err := f(); err != nil {
			msg := err.Error()
			if what != "" {
				msg = what + ": " + msg
			}
			select {
			case a.notes <- msg:
			default:
			}
		}
	}()
}

// takeNote returns a note waiting for the message line, or "".
func (b *board) takeNote() string {
	select {
	case n := <-b.acts.notes:
		return n
	default:
		return ""
	}
}

// note queues a note from the game loop itself.
func (b *board) note(s string) {
	b.acts.run("", func() error { return noteError(s) })
}

type noteError string

func (e noteError) Error() string { return string(e) }

// copyText puts text on the clipboard through the host.
func (b *board) copyText(text string) {
	if text == "" {
		return
	}
	if b.host == nil || b.host.Copy == nil {
		b.note("copying needs kin's desktop tools, which are not available here")
		return
	}
	cp := b.host.Copy
	b.acts.run("could not copy", func() error { return cp(text) })
	b.acts.copied = time.Now().Add(copiedFor)
	b.version++
}

// copiedFor is how long the Copy button says "Copied".
const copiedFor = 1500 * time.Millisecond

// openLink follows a link the user clicked. Only http(s) and mailto URLs
// and file paths are followed, and those through the host's Open (the
// open tool behind the permission gate); any other scheme is refused here.
func (b *board) openLink(target string) {
	if !linkAllowed(target) {
		b.note("kin opens only http(s) and mailto links and files from the board, not " + target)
		return
	}
	if b.host == nil || b.host.Open == nil {
		b.note("opening links needs kin's desktop tools, which are not available here")
		return
	}
	open := b.host.Open
	b.acts.run("could not open "+target, func() error { return open(target) })
}

// linkAllowed reports whether a link may be followed: an http(s) URL with
// a host, a mailto URL, or a path (no scheme).
func linkAllowed(target string) bool {
	target = strings.TrimSpace(target)
	if target == "" || strings.HasPrefix(target, "#") {
		return false
	}
	u, err := url.Parse(target)
	if err != nil {
		return false
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
		return u.Host != ""
	case "mailto":
		return true
	case "":
		return !strings.HasPrefix(target, "//")
	}
	return false
}
