package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/dgraph-io/badger/v4"
)

const (
	prefixTodo = "todo/i/"
	keyTodoSeq = "todo/seq"
)

// Limits of the task list.
const (
	// MaxTodoText is the longest task text, in bytes.
	MaxTodoText = 1000
	// MaxOpenTodos is how many tasks may be open at once.
	MaxOpenTodos = 200
	// KeptDoneTodos is how many finished tasks are kept; older ones are
	// dropped when a task is added.
	KeptDoneTodos = 100
)

// ErrFull is returned when a list or scratchpad holds as many entries as
// it may; nothing was written.
var ErrFull = errors.New("store: full")

// Todo is one task on the agent's task list.
type Todo struct {
	ID     int       `json:"id"`
	Text   string    `json:"text"`
	Done   bool      `json:"done"`
	Added  time.Time `json:"added"`
	DoneAt time.Time `json:"doneAt,omitzero"`
}

// todoKey is todo/i/ID with ID as 8 big-endian bytes, so keys sort by id.
func todoKey(id int) []byte { return seqKey(prefixTodo, uint64(id)) }

// Todos is the task list the agent keeps for itself, in id order. Ids
// start at 1 and are never reused.
type Todos struct{ db *DB }

// Todos is the agent's task list.
func (db *DB) Todos() *Todos { return &Todos{db: db} }

// Add appends a task with text (trimmed) and returns it with its id. It
// fails with ErrInvalid for an empty or too long text and with ErrFull
// when MaxOpenTodos tasks are open; the oldest finished tasks beyond
// KeptDoneTodos are dropped in the same transaction.
func (t *Todos) Add(text string) (Todo, error) {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return Todo{}, fmt.Errorf("%w: a task needs some text", ErrInvalid)
	case len(text) > MaxTodoText || !utf8.ValidString(text):
		return Todo{}, fmt.Errorf("%w: a task's text must be valid text of at most %d bytes, this one has %d; keep it to a line or two", ErrInvalid, MaxTodoText, len(text))
	}
	var td Todo
	err := t.db.updateSerial("add task", func(txn *badger.Txn) error {
		all, err := readTodos(txn)
		if err != nil {
			return err
		}
		if open := countOpen(all); open >= MaxOpenTodos {
			return fmt.Errorf("%w: the task list already has %d open tasks; complete some first", ErrFull, open)
		}
		seq, err := readSeq(txn, keyTodoSeq)
		if err != nil {
			return err
		}
		td = Todo{ID: int(seq + 1), Text: text, Added: t.db.now()}
		if err := txn.Set([]byte(keyTodoSeq), binary.BigEndian.AppendUint64(nil, seq+1)); err != nil {
			return err
		}
		if err := dropOldDone(txn, all); err != nil {
			return err
		}
		return setJSON(txn, todoKey(td.ID), &td)
	})
	return td, err
}

// List returns every task kept, open and done, in id order.
func (t *Todos) List() ([]Todo, error) {
	var all []Todo
	err := t.db.view("list tasks", func(txn *badger.Txn) error {
		var err error
		all, err = readTodos(txn)
		return err
	})
	return all, err
}

// Complete marks task id done and returns it; already reports whether it
// was done before (then nothing changes). It fails with ErrNotFound when
// there is no such task.
func (t *Todos) Complete(id int) (td Todo, already bool, err error) {
	err = t.db.updateSerial("complete task", func(txn *badger.Txn) error {
		if err := getJSON(txn, todoKey(id), &td); err != nil {
			if errors.Is(err, badger.ErrKeyNotFound) {
				return fmt.Errorf("%w: there is no task %d", ErrNotFound, id)
			}
			return err
		}
		if already = td.Done; already {
			return nil
		}
		td.Done, td.DoneAt = true, t.db.now()
		return setJSON(txn, todoKey(id), &td)
	})
	return td, already, err
}

func readTodos(txn *badger.Txn) ([]Todo, error) {
	var all []Todo
	it := txn.NewIterator(badger.IteratorOptions{PrefetchValues: true, Prefix: []byte(prefixTodo)})
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		var td Todo
		if err := it.Item().Value(func(b []byte) error { return decodeJSON(it.Item().Key(), b, &td) }); err != nil {
			return nil, err
		}
		all = append(all, td)
	}
	return all, nil
}

func countOpen(all []Todo) int {
	n := 0
	for _, td := range all {
		if !td.Done {
			n++
		}
	}
	return n
}

// dropOldDone deletes the oldest finished tasks so that, with one more
// finished later, at most KeptDoneTodos remain.
func dropOldDone(txn *badger.Txn, all []Todo) error {
	extra := len(all) - countOpen(all) - KeptDoneTodos
	for _, td := range all {
		if extra <= 0 {
			break
		}
		if td.Done {
			if err := txn.Delete(todoKey(td.ID)); err != nil {
				return err
			}
			extra--
		}
	}
	return nil
}

// readSeq reads the 8-byte big-endian counter under key, 0 when absent.
func readSeq(txn *badger.Txn, key string) (uint64, error) {
	item, err := txn.Get([]byte(key))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	var seq uint64
	err = item.Value(func(b []byte) error {
		if len(b) != 8 {
			return fmt.Errorf("%w: counter %q has %d bytes, want 8", ErrCorrupt, key, len(b))
		}
		seq = binary.BigEndian.Uint64(b)
		return nil
	})
	return seq, err
}

// listsMu serialises the read-modify-write transactions of the task list
// and the scratchpad (an id counter, a count against a limit), so that
// concurrent calls queue instead of failing with a transaction conflict.
// One process opens few databases and these writes are rare, so one lock
// for all of them costs nothing.
var listsMu sync.Mutex

// updateSerial runs fn in a durable read-write transaction like update,
// one at a time with the other writers of lists.
func (db *DB) updateSerial(op string, fn func(txn *badger.Txn) error) error {
	listsMu.Lock()
	defer listsMu.Unlock()
	return db.update(op, fn)
}
