package store

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dgraph-io/badger/v4"
)

const prefixSched = "sched/"

func schedKey(id string) []byte { return []byte(prefixSched + id) }

// Schedules keeps the scheduled tasks: one JSON document per task id. The
// store does not read the documents; the scheduler (agent/schedule) owns
// their shape, and [Schedules] satisfies its Store interface.
type Schedules struct{ db *DB }

// Schedules are the agent's scheduled tasks.
func (db *DB) Schedules() *Schedules { return &Schedules{db: db} }

// Put writes the task document under id, replacing the one there. The
// document must be valid JSON; when Put returns nil it is on disk.
func (s *Schedules) Put(id string, task json.RawMessage) error {
	if strings.TrimSpace(id) == "" || strings.ContainsRune(id, 0) {
		return fmt.Errorf("%w: a scheduled task needs an id without NUL bytes, got %q", ErrInvalid, id)
	}
	if !json.Valid(task) {
		return fmt.Errorf("%w: scheduled task %q is not valid JSON", ErrInvalid, id)
	}
	return s.db.update("save scheduled task", func(txn *badger.Txn) error {
		return txn.Set(schedKey(id), task)
	})
}

// Delete removes the task with id; removing one that is not there is not
// an error, so a cancel that raced a firing does no harm.
func (s *Schedules) Delete(id string) error {
	return s.db.update("delete scheduled task", func(txn *badger.Txn) error {
		return txn.Delete(schedKey(id))
	})
}

// All returns every task document, in id order. A document that is not
// valid JSON fails the read with ErrCorrupt.
func (s *Schedules) All() ([]json.RawMessage, error) {
	var out []json.RawMessage
	err := s.db.view("list scheduled tasks", func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{PrefetchValues: true, Prefix: []byte(prefixSched)})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			b, err := it.Item().ValueCopy(nil)
			if err != nil {
				return err
			}
			if !json.Valid(b) {
				return fmt.Errorf("%w: scheduled task %q is not valid JSON", ErrCorrupt, it.Item().Key())
			}
			out = append(out, b)
		}
		return nil
	})
	return out, err
}
