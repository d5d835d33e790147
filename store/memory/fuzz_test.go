package memory

import (
	"testing"
	"time"
)

// FuzzUnmarshalMarkdown: any file in the memory folder is read or refused
// with an error, never a panic; one that is read can be written back and
// read again with the same key, type and content.
func FuzzUnmarshalMarkdown(f *testing.F) {
	f.Add([]byte("---\nname: Tea\ntype: user\ntags: [drinks]\n---\nLikes green tea.\n"))
	f.Add([]byte("---\r\nname: x\r\n---\r\nbody"))
	f.Add([]byte("no frontmatter"))
	f.Add([]byte("---\nsalience: NaN\n---\n"))
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := UnmarshalMarkdown(data, "stem", now)
		if err != nil {
			return
		}
		out, err := MarshalMarkdown(&e, "stem")
		if err != nil {
			return // e.g. a key the file name cannot hold: refused, not lost
		}
		back, err := UnmarshalMarkdown(out, "stem", now)
		if err != nil || back.Key != e.Key || back.Type != e.Type || back.Content != e.Content {
			t.Fatalf("round trip of %q: %+v, %v; want %+v", out, back, err, e)
		}
	})
}
