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

// TestOpenAfterCrashLeftEmptyValueLog: a crash right after Badger created
// its next value log, before writing the header, leaves an empty file that
// Badger alone refuses to open; kin opens with every write intact.
func TestOpenAfterCrashLeftEmptyValueLog(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(Options{Dir: dir, AgentID: "aria"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Diary().Record("speak", map[string]string{"text": "hi"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	db.Close()
	empty := filepath.Join(dir, "agents", "aria", "000042.vlog")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err = Open(Options{Dir: dir, AgentID: "aria"})
	if err != nil {
		t.Fatalf("reopen after an empty value log: %v", err)
	}
	defer db.Close()
	if _, n, err := db.Diary().Verify(); err != nil || n != 1 {
		t.Errorf("diary after reopen: %d entries, %v", n, err)
	}
}
