package store

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/kin-companion/kin/store/memory"
)

func TestConcurrentWriters(t *testing.T) {
	db := openTest(t, Options{MaxMemories: -1})
	const writers, each = 8, 25
	var wg sync.WaitGroup
	errs := make(chan error, writers*each*3)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				key := fmt.Sprintf("w%d_%d", w, i)
				if _, err := db.Memories().Remember(rem(key, "x")); err != nil {
					errs <- err
				}
				if _, err := db.Memories().Remember(rem("shared", key)); err != nil {
					errs <- err
				}
				if _, err := db.Diary().Record("speak", map[string]string{"by": key}, time.Time{}); err != nil {
					errs <- err
				}
				if _, err := db.Transcripts().Append(fmt.Sprintf("conv%d", w%3), RoleUser, key); err != nil {
					errs <- err
				}
				db.Memories().Query(memory.Query{Text: "w", Limit: 5})
				db.Memories().Block(200)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if got, want := db.Memories().Len(), writers*each+1; got != want {
		t.Errorf("%d memories, want %d", got, want)
	}
	if _, n, err := db.Diary().Verify(); err != nil || n != writers*each {
		t.Errorf("diary: %d entries, %v", n, err)
	}
	if msgs, _ := db.Transcripts().Recent("", 1000); len(msgs) != writers*each {
		t.Errorf("%d messages", len(msgs))
	}
}

func TestDiskFullIsAnError(t *testing.T) {
	db := openTest(t, Options{})
	db.opts.MinFreeBytes = 1 << 62 // no disk has this much free
	_, err := db.Memories().Remember(rem("k", "x"))
	if !errors.Is(err, ErrDiskFull) {
		t.Fatalf("Remember on a full disk: %v, want ErrDiskFull", err)
	}
	if _, err := db.Diary().Record("speak", "x", time.Time{}); !errors.Is(err, ErrDiskFull) {
		t.Errorf("Record: %v", err)
	}
	if _, err := db.Transcripts().Append("c", RoleUser, "x"); !errors.Is(err, ErrDiskFull) {
		t.Errorf("Append: %v", err)
	}
	if db.Memories().Len() != 0 || db.Diary().Head().Seq != 0 {
		t.Error("state changed by failed writes")
	}
	if err := mapErr("write", fmt.Errorf("write 000001.vlog: %w", syscall.ENOSPC)); !errors.Is(err, ErrDiskFull) {
		t.Errorf("ENOSPC maps to %v", err)
	}
	if err := mapErr("write", badger.ErrDBClosed); !errors.Is(err, ErrClosed) {
		t.Errorf("ErrDBClosed maps to %v", err)
	}
}

// TestDiskFullOnRealFileSystem fills a small tmpfs and checks that writes fail with
// ErrDiskFull while kin still has room, instead of Badger dying of SIGBUS inside a
// memory-mapped file. It needs root (mount); it skips otherwise.
func TestDiskFullOnRealFileSystem(t *testing.T) {
	mnt := t.TempDir()
	if os.Geteuid() != 0 || exec.Command("mount", "-t", "tmpfs", "-o", "size=48m", "tmpfs", mnt).Run() != nil {
		t.Skip("needs root and mount to make a small file system")
	}
	t.Cleanup(func() { exec.Command("umount", "-l", mnt).Run() })
	db, err := Open(Options{Dir: mnt, GCInterval: -1, MinFreeBytes: 8 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Memories().Remember(rem("before", "fits")); err != nil {
		t.Fatal(err)
	}
	filler := filepath.Join(mnt, "filler")
	f, _ := os.Create(filler)
	buf := make([]byte, 1<<20)
	for free, _ := freeBytes(mnt); free > 4<<20; free, _ = freeBytes(mnt) {
		if _, err := f.Write(buf); err != nil {
			break
		}
	}
	f.Close()
	_, err = db.Memories().Remember(rem("after", "does not fit"))
	if !errors.Is(err, ErrDiskFull) {
		t.Fatalf("Remember on a full tmpfs: %v, want ErrDiskFull", err)
	}
	t.Log(err)
	os.Remove(filler)
	if _, err := db.Memories().Remember(rem("after", "fits again")); err != nil {
		t.Errorf("after freeing space: %v", err)
	}
}

func TestSchemaMigration(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, Options{Dir: dir})
	db.Memories().Remember(rem("k", "x"))
	db.Close()

	saved := migrations
	t.Cleanup(func() { migrations = saved })
	migrations = append(migrations[:len(migrations):len(migrations)], func(txn *badger.Txn) error {
		return txn.Set([]byte("meta/migrated"), []byte("yes"))
	})
	db = openTest(t, Options{Dir: dir})
	if v, _ := db.schema(); v != SchemaVersion() {
		t.Errorf("schema %d after migration, want %d", v, SchemaVersion())
	}
	err := db.bdb.View(func(txn *badger.Txn) error { _, err := txn.Get([]byte("meta/migrated")); return err })
	if err != nil {
		t.Errorf("migration did not run: %v", err)
	}
	if _, ok := db.Memories().Get("k"); !ok {
		t.Error("data lost in migration")
	}
	db.Close()

	migrations = saved // an older kin opening the migrated data
	if _, err := Open(Options{Dir: dir}); !errors.Is(err, ErrNewerSchema) {
		t.Errorf("older kin on newer data: %v, want ErrNewerSchema", err)
	}
}
