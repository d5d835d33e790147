package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestOpenCreatesAndReopens(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(Options{Dir: dir, AgentID: "aria"})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "agents", "aria"); db.Dir() != want {
		t.Errorf("Dir = %q, want %q", db.Dir(), want)
	}
	if _, err := os.Stat(filepath.Join(db.Dir(), markerFile)); err != nil {
		t.Errorf("marker: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	db, err = Open(Options{Dir: dir, AgentID: "aria"})
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	db.Close()
}

func TestOpenSecondInstanceIsAlreadyRunning(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, Options{Dir: dir})
	_, err := Open(Options{Dir: dir})
	if !errors.Is(err, ErrAlreadyRunning) {
		t.Fatalf("second Open: %v, want ErrAlreadyRunning", err)
	}
	if !strings.Contains(err.Error(), "already running") {
		t.Errorf("message %q does not say already running", err)
	}
	if _, err := db.Memories().Remember(rem("k", "still works")); err != nil {
		t.Errorf("first instance after refused second: %v", err)
	}
	// Another agent id in the same data directory is a separate database.
	other := openTest(t, Options{Dir: dir, AgentID: "other"})
	if other.Dir() == db.Dir() {
		t.Error("agents share a directory")
	}
}

func TestOpenRejectsBadAgentID(t *testing.T) {
	for _, id := range []string{"../x", ".hidden", "a/b", strings.Repeat("x", 65), "sp ace"} {
		if _, err := Open(Options{Dir: t.TempDir(), AgentID: id}); !errors.Is(err, ErrInvalid) {
			t.Errorf("agent id %q: %v, want ErrInvalid", id, err)
		}
	}
}

func TestWritesAfterCloseFail(t *testing.T) {
	db := openTest(t, Options{})
	db.Close()
	if _, err := db.Memories().Remember(rem("k", "x")); !errors.Is(err, ErrClosed) {
		t.Errorf("Remember after Close: %v, want ErrClosed", err)
	}
	if _, err := db.Diary().Record("speak", map[string]string{"text": "hi"}, db.now()); !errors.Is(err, ErrClosed) {
		t.Errorf("Record after Close: %v, want ErrClosed", err)
	}
}

// TestOpenAfterCrashLeftEmptyLog: a crash right after Badger created its
// next value log or memtable log, before writing to it, leaves an empty
// file that Badger alone refuses to open; kin opens with every write
// intact.
func TestOpenAfterCrashLeftEmptyLog(t *testing.T) {
	for _, name := range []string{"000042.vlog", "00007.mem"} {
		t.Run(name, func(t *testing.T) {
			dir := storeWithOneEntry(t)
			empty := filepath.Join(dir, "agents", "aria", name)
			if err := os.WriteFile(empty, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			db, err := Open(Options{Dir: dir, AgentID: "aria"})
			if err != nil {
				t.Fatalf("reopen after an empty %s: %v", name, err)
			}
			defer db.Close()
			if _, n, err := db.Diary().Verify(); err != nil || n != 1 {
				t.Errorf("diary after reopen: %d entries, %v", n, err)
			}
		})
	}
}

// TestOpenAfterCrashWhileWritingMarker: a crash while kin wrote its marker
// into a new directory leaves only the marker's temporary file; the next
// start finishes making the store instead of calling the directory
// foreign. Beside a real store, the leftover is removed and the store
// opens as it was.
func TestOpenAfterCrashWhileWritingMarker(t *testing.T) {
	t.Run("new directory", func(t *testing.T) {
		dir := t.TempDir()
		agent := filepath.Join(dir, "agents", "aria")
		if err := os.MkdirAll(agent, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(agent, markerFile+".tmp"), []byte(`{"form`), 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := Open(Options{Dir: dir, AgentID: "aria"})
		if err != nil {
			t.Fatalf("open after an unfinished marker: %v", err)
		}
		db.Close()
	})
	t.Run("existing store", func(t *testing.T) {
		dir := storeWithOneEntry(t)
		tmp := filepath.Join(dir, "agents", "aria", markerFile+".tmp")
		if err := os.WriteFile(tmp, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := Open(Options{Dir: dir, AgentID: "aria"})
		if err != nil {
			t.Fatalf("reopen beside an unfinished marker: %v", err)
		}
		defer db.Close()
		if _, n, err := db.Diary().Verify(); err != nil || n != 1 {
			t.Errorf("diary after reopen: %d entries, %v", n, err)
		}
		if _, err := os.Stat(tmp); !os.IsNotExist(err) {
			t.Errorf("the unfinished marker is still there: %v", err)
		}
	})
}

// storeWithOneEntry makes a closed store for agent "aria" whose diary has
// one entry, and returns its data directory.
func storeWithOneEntry(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	db, err := Open(Options{Dir: dir, AgentID: "aria"})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Diary().Record("speak", map[string]string{"text": "hi"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	return dir
}
