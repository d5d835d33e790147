package store

import (
	"errors"
	"fmt"
	"strings"
	"syscall"

	"github.com/dgraph-io/badger/v4"
)

// Errors callers branch on; the errors returned wrap one of these and the cause.
var (
	// ErrAlreadyRunning: another process (another kin) holds the database open.
	ErrAlreadyRunning = errors.New("store: another kin is already running with this data directory")
	// ErrForeign: the directory holds files that kin did not write.
	ErrForeign = errors.New("store: not a kin data directory")
	// ErrCorrupt: the database is damaged and could not be opened or read.
	ErrCorrupt = errors.New("store: the data is damaged")
	// ErrNewerSchema: the data was written by a newer kin with a newer schema.
	ErrNewerSchema = errors.New("store: the data was written by a newer version of kin")
	// ErrDiskFull: the file system is (nearly) out of space; nothing was written.
	ErrDiskFull = errors.New("store: the disk is full")
	// ErrClosed: the store has been closed.
	ErrClosed = errors.New("store: closed")
	// ErrNotFound: no such memory, conversation or entry.
	ErrNotFound = errors.New("store: not found")
	// ErrInvalid: the argument cannot be stored (bad key, id or field).
	ErrInvalid = errors.New("store: invalid")
)

// mapErr wraps a Badger or file-system error from op with the sentinel it stands for.
// Badger flattens the errors it wraps into text, so part of the mapping reads the message.
func mapErr(op string, err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	switch {
	case errors.Is(err, badger.ErrDBClosed), errors.Is(err, badger.ErrBlockedWrites):
		return fmt.Errorf("%w: %s: %w", ErrClosed, op, err)
	case errors.Is(err, syscall.ENOSPC), strings.Contains(msg, "no space left on device"),
		errors.Is(err, syscall.EDQUOT), strings.Contains(msg, "disk quota exceeded"):
		return fmt.Errorf("%w: %s: %w", ErrDiskFull, op, err)
	}
	return fmt.Errorf("store: %s: %w", op, err)
}

// mapOpenErr classifies an error from badger.Open of dir.
func mapOpenErr(dir string, err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "Cannot acquire directory lock"),
		errors.Is(err, syscall.EWOULDBLOCK):
		return fmt.Errorf("%w (%s is locked; quit the other kin first)", ErrAlreadyRunning, dir)
	case errors.Is(err, syscall.ENOSPC), strings.Contains(msg, "no space left on device"):
		return fmt.Errorf("%w: open %s: %w", ErrDiskFull, dir, err)
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM), errors.Is(err, syscall.EROFS),
		strings.Contains(msg, "permission denied"), strings.Contains(msg, "read-only file system"):
		return fmt.Errorf("store: open %s: %w", dir, err)
	}
	return fmt.Errorf("%w: open %s: %w", ErrCorrupt, dir, err)
}

func isInvalid(err error) bool { return errors.Is(err, ErrInvalid) }
