package store

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/dgraph-io/badger/v4/options"
	"github.com/dgraph-io/badger/v4/table"
	"github.com/dgraph-io/ristretto/v2/z"
)

// tableCompression and tableBlockSize are what openBadger writes tables with.
const (
	tableCompression = options.Snappy
	tableBlockSize   = 4 << 10
)

// checkTables opens every table file in dir read-only and verifies its checksums before
// Badger sees it: Badger opens tables in its own goroutines and panics on a damaged one,
// which would kill kin instead of reporting ErrCorrupt. kin's tables are small, so
// reading them all costs milliseconds.
func checkTables(dir string) error {
	paths, err := filepath.Glob(filepath.Join(dir, "*.sst"))
	if err != nil {
		return err
	}
	for _, p := range paths {
		if err := checkTable(p); err != nil {
			return fmt.Errorf("%w: table %s: %v", ErrCorrupt, filepath.Base(p), err)
		}
	}
	return nil
}

func checkTable(path string) (err error) {
	mf, err := z.OpenMmapFile(path, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	var t *table.Table
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("unreadable: %v", firstLine(fmt.Sprint(r)))
			mf.Close(-1)
		}
	}()
	t, err = table.OpenTable(mf, table.Options{
		ReadOnly:    true,
		ChkMode:     options.OnTableRead,
		BlockSize:   tableBlockSize,
		Compression: tableCompression,
	})
	if err != nil {
		return err // OpenTable closed mf
	}
	return t.MmapFile.Close(-1)
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}

// dropEmptyLogs removes value-log and memtable-log files of zero length. A
// crash between Badger creating its next log and writing to it (a value
// log's header, a memtable's preallocation) leaves one, and Badger then
// refuses to open ("… Create a new file"). An empty file holds no entries,
// so nothing acknowledged is lost by removing it.
func dropEmptyLogs(dir string) error {
	for _, pattern := range []string{"*.vlog", "*.mem"} {
		paths, err := filepath.Glob(filepath.Join(dir, pattern))
		if err != nil {
			return err
		}
		for _, p := range paths {
			if st, err := os.Stat(p); err == nil && st.Size() == 0 {
				if err := os.Remove(p); err != nil {
					return fmt.Errorf("store: remove the empty log %s a crash left: %w", filepath.Base(p), err)
				}
			}
		}
	}
	return nil
}
