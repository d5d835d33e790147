package system

import (
	"fmt"
	"strings"
)

// Sizes of what exec_shell keeps of each output stream.
const (
	HeadBytes = 16 << 10 // the first 16 KiB of a stream are kept
	TailBytes = 4 << 10  // and so are its last 4 KiB
)

// capture is an io.Writer that keeps the first HeadBytes and the last
// TailBytes written to it and counts the rest, so a command printing
// gigabytes costs 20 KiB. It is not safe for concurrent use.
type capture struct {
	head  []byte
	tail  []byte // ring of TailBytes once full; next is the oldest byte
	next  int
	total int64
}

// Write keeps what fits in the head, then rolls the rest through the tail.
func (c *capture) Write(p []byte) (int, error) {
	n := len(p)
	c.total += int64(n)
	if room := HeadBytes - len(c.head); room > 0 {
		k := min(room, len(p))
		c.head = append(c.head, p[:k]...)
		p = p[k:]
	}
	if len(p) >= TailBytes {
		c.tail = append(c.tail[:0], p[len(p)-TailBytes:]...)
		c.next = 0
		return n, nil
	}
	for len(p) > 0 {
		if len(c.tail) < TailBytes {
			k := min(TailBytes-len(c.tail), len(p))
			c.tail = append(c.tail, p[:k]...)
			p = p[k:]
			continue
		}
		k := copy(c.tail[c.next:], p)
		c.next = (c.next + k) % TailBytes
		p = p[k:]
	}
	return n, nil
}

// Total is the number of bytes written, kept or not.
func (c *capture) Total() int64 { return c.total }

// String returns the kept text: the head, a note of how many bytes were
// cut, and the tail. Bytes that are not UTF-8 become U+FFFD.
func (c *capture) String() string {
	var b strings.Builder
	b.Write(c.head)
	if cut := c.total - int64(len(c.head)) - int64(len(c.tail)); cut > 0 {
		fmt.Fprintf(&b, "\n[… %d bytes cut …]\n", cut)
	}
	b.Write(c.tail[c.next:])
	b.Write(c.tail[:c.next])
	return strings.ToValidUTF8(b.String(), "\uFFFD")
}
