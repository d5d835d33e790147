package store

import (
	"errors"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/store/memory"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const goldenExport = "testdata/memory-export"

// goldenEntries are the memories behind testdata/memory-export.
func goldenEntries() []memory.Entry {
	at := func(s string) time.Time { t, _ := time.Parse(time.RFC3339Nano, s); return t }
	return []memory.Entry{
		{ID: "0b6f3c2a9d1e4f5a8b7c6d5e4f3a2b1c", Key: "be_brief", Name: "Be brief",
			Description: "They asked for short answers", Type: memory.Feedback,
			Content: "Keep spoken answers under three sentences unless asked for detail.",
			Tags:    []string{"style", "voice"}, Salience: 0.9,
			CreatedAt: at("2026-02-01T09:30:00Z"), UpdatedAt: at("2026-02-03T18:04:05.123456789Z")},
		{ID: "1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f", Key: "kin_docs", Name: "kin docs",
			Description: "Where the manual lives", Type: memory.Reference,
			Content: "https://example.org/kin/docs", Salience: 0.5,
			CreatedAt: at("2026-01-15T00:00:00Z"), UpdatedAt: at("2026-01-15T00:00:00Z")},
		{ID: "2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a", Key: "memory", Name: "Memory: how it works",
			Description: "A key that would collide with MEMORY.md", Type: memory.Project,
			Content: "Line one.\n\n---\nA line that looks like a fence, and a trailing newline.\n",
			Context: "consolidated from conversation c-42", Salience: 0.35,
			CreatedAt: at("2026-02-10T10:00:00Z"), UpdatedAt: at("2026-02-11T10:00:00Z"),
			ExpiresAt: at("2099-12-31T23:59:59Z")},
		{ID: "3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b", Key: "user_role", Name: "Role",
			Description: "Their job: \"staff engineer\" [platform]", Type: memory.User,
			Content: "Staff engineer on the platform team; likes Go and \u65e5\u672c\u8a9e.",
			Tags:    []string{"work"}, Salience: 0.7,
			CreatedAt: at("2026-01-02T03:04:05Z"), UpdatedAt: at("2026-02-20T08:00:00Z")},
	}
}

func readDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, de := range des {
		b, err := os.ReadFile(filepath.Join(dir, de.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[de.Name()] = string(b)
	}
	return out
}

func TestExportImportRoundTripIsLossless(t *testing.T) {
	db := openTest(t, Options{MaxMemories: -1})
	if err := db.Memories().Put(goldenEntries()...); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "export")
	if _, err := db.Memories().Export(out); err != nil {
		t.Fatal(err)
	}
	if *update {
		os.RemoveAll(goldenExport)
		if err := os.CopyFS(goldenExport, os.DirFS(out)); err != nil {
			t.Fatal(err)
		}
	}
	got, want := readDir(t, out), readDir(t, goldenExport)
	if !maps.Equal(got, want) {
		for name := range maps.Keys(want) {
			if got[name] != want[name] {
				t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got[name], want[name])
			}
		}
		t.Fatalf("exported files %v, golden %v", slicesKeys(got), slicesKeys(want))
	}

	// Import the golden folder into a fresh store: the entries come back exactly.
	db2 := openTest(t, Options{MaxMemories: -1})
	n, err := db2.Memories().Import(goldenExport)
	if err != nil || n != len(goldenEntries()) {
		t.Fatalf("Import = %d, %v", n, err)
	}
	if all := db2.Memories().All(); !reflect.DeepEqual(all, goldenEntries()) {
		t.Errorf("imported entries differ:\n got %+v\nwant %+v", all, goldenEntries())
	}
	// And exporting them again gives the same files.
	again := filepath.Join(t.TempDir(), "again")
	if _, err := db2.Memories().Export(again); err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(readDir(t, again), want) {
		t.Error("second export differs")
	}
}

func TestImportBadFolderStoresNothing(t *testing.T) {
	dir := t.TempDir()
	os.CopyFS(dir, os.DirFS(goldenExport))
	os.WriteFile(filepath.Join(dir, "broken.md"), []byte("---\nname: x\n"), 0o644)
	m := openTest(t, Options{}).Memories()
	if _, err := m.Import(dir); err == nil {
		t.Fatal("import of a folder with a broken file succeeded")
	}
	if m.Len() != 0 {
		t.Errorf("%d entries stored from a failed import", m.Len())
	}
}

func TestImportFileWithoutDescriptionStoresNothing(t *testing.T) {
	dir := t.TempDir()
	os.CopyFS(dir, os.DirFS(goldenExport))
	os.WriteFile(filepath.Join(dir, "x.md"), []byte("---\nname: X\ntype: project\n---\nbody"), 0o644)
	m := openTest(t, Options{}).Memories()
	_, err := m.Import(dir)
	if err == nil {
		t.Fatal("import of a file without a description succeeded")
	}
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "x.md") || !strings.Contains(err.Error(), "description is missing") {
		t.Errorf("err = %v, want ErrInvalid naming x.md and the missing description", err)
	}
	if m.Len() != 0 {
		t.Errorf("%d entries stored from a failed import", m.Len())
	}
}

func slicesKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
