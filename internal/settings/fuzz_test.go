package settings

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzUpdate: whatever a user's config.yaml holds, kin either reads it and
// a save keeps every setting it had (and adds the one changed), or refuses
// it with an error and leaves the file byte for byte as it was.
func FuzzUpdate(f *testing.F) {
	for _, name := range []string{"comments.in.yaml", "order.in.yaml", "onlycomments.in.yaml", "empty.in.yaml"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("name: [unclosed\n"))
	f.Add([]byte("fps: sixty\n"))
	f.Add([]byte("roots:\n  - ~/notes\n  - 3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "config.yaml")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		before, err := Load(path)
		change := func(s *Settings) error { s.Persona = "fuzzed"; return nil }
		if err != nil {
			if Update(path, change) == nil {
				t.Fatalf("a file Load refuses (%v) was saved over", err)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
				t.Fatalf("a refused file changed:\n%q\n%q", data, after)
			}
			return
		}
		if err := before.check(); err != nil {
			return // read, but a save would refuse it: nothing is written
		}
		if err := Update(path, change); err != nil {
			t.Fatalf("save of a file that loaded: %v\n%q", err, data)
		}
		after, err := Load(path)
		if err != nil {
			out, _ := os.ReadFile(path)
			t.Fatalf("kin cannot read what it wrote: %v\nin:  %q\nout: %q", err, data, out)
		}
		before.Persona = "fuzzed"
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("a save lost settings:\nbefore %+v\nafter  %+v\nin: %q", before, after, data)
		}
	})
}
