package store

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dgraph-io/badger/v4"
)

// snapshot maps every file under dir to the SHA-256 of its content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// populated returns a data directory holding a closed kin store with some data.
func populated(t *testing.T) (data, agentDir string) {
	t.Helper()
	data = t.TempDir()
	db, err := Open(Options{Dir: data, GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		if _, err := db.Memories().Remember(rem("key"+string(rune('a'+i)), strings.Repeat("content ", 50))); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Diary().Record("speak", map[string]any{"text": "hello", "i": i}, db.now()); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return data, db.Dir()
}

func withFile(name string, edit func(b []byte) []byte) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) {
		matches, _ := filepath.Glob(filepath.Join(dir, name))
		if len(matches) == 0 {
			t.Fatalf("no %s in %s", name, dir)
		}
		b, err := os.ReadFile(matches[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(matches[0], edit(b), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOpenDamagedOrForeignLeavesFilesUntouched(t *testing.T) {
	garbage := func(b []byte) []byte {
		for i := range b {
			b[i] ^= 0x5a
		}
		return b
	}
	cases := []struct {
		name   string
		damage func(t *testing.T, agentDir string)
		want   error
	}{
		{"someone's files", func(t *testing.T, dir string) {
			os.MkdirAll(dir, 0o755)
			os.WriteFile(filepath.Join(dir, "holiday.jpg"), []byte("not a database"), 0o644)
		}, ErrForeign},
		{"a file where the directory goes", func(t *testing.T, dir string) {
			os.MkdirAll(filepath.Dir(dir), 0o755)
			os.WriteFile(dir, []byte("plain file"), 0o644)
		}, ErrForeign},
		{"another program's badger", func(t *testing.T, dir string) {
			bdb, err := badger.Open(badger.DefaultOptions(dir).WithLogger(nil))
			if err != nil {
				t.Fatal(err)
			}
			bdb.Update(func(txn *badger.Txn) error { return txn.Set([]byte("theirs"), []byte("1")) })
			bdb.Close()
		}, ErrForeign},
		{"marker of another format", withFile(markerFile, func([]byte) []byte { return []byte(`{"format":"other"}`) }), ErrForeign},
		{"garbage manifest", withFile("MANIFEST", garbage), ErrCorrupt},
		{"one flipped byte in a table", withFile("*.sst", func(b []byte) []byte { b[len(b)/3] ^= 1; return b }), ErrCorrupt},
		{"truncated table", withFile("*.sst", func(b []byte) []byte { return b[:len(b)-10] }), ErrCorrupt},
		{"manifest removed", func(t *testing.T, dir string) { os.Remove(filepath.Join(dir, "MANIFEST")) }, ErrCorrupt},
		{"garbage table", withFile("*.sst", garbage), ErrCorrupt},
		{"newer schema", func(t *testing.T, dir string) {
			writeMarker(dir, marker{Format: markerFormat, Schema: SchemaVersion() + 1})
		}, ErrNewerSchema},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data, agentDir := populated(t)
			if tc.want == ErrForeign && tc.name != "marker of another format" {
				os.RemoveAll(agentDir)
			}
			tc.damage(t, agentDir)
			before := snapshot(t, data)
			db, err := Open(Options{Dir: data, GCInterval: -1})
			if err == nil {
				db.Close()
				t.Fatal("Open succeeded")
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("Open: %v, want %v", err, tc.want)
			}
			t.Logf("error: %v", err)
			if after := snapshot(t, data); !maps.Equal(before, after) {
				t.Errorf("files changed:\nbefore %v\nafter  %v", before, after)
			}
		})
	}
}
