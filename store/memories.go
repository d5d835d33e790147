package store

import (
	"errors"
	"fmt"
	"sync"

	"github.com/dgraph-io/badger/v4"

	"github.com/kin-companion/kin/store/memory"
)

const prefixMem = "mem/"

func memKey(key string) []byte { return []byte(prefixMem + key) }

// Memories is the agent's memory: a memory.Set held in memory for fast ranked queries,
// written through to Badger. Writers are serialised; a query waits for a write in
// progress (one fsync) and never sees a write that did not commit.
type Memories struct {
	db  *DB
	mu  sync.RWMutex
	set *memory.Set
}

func (m *Memories) load() error {
	m.set = memory.NewSet()
	return m.db.view("load memories", func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{PrefetchValues: true, Prefix: []byte(prefixMem)})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			var e memory.Entry
			if err := it.Item().Value(func(b []byte) error { return decodeJSON(it.Item().Key(), b, &e) }); err != nil {
				return err
			}
			m.set.Put(e)
		}
		return nil
	})
}

// Remember writes r (the remember tool's upsert): the same key updates the stored entry
// instead of adding another. When the store then holds more than its maximum, the same
// transaction prunes it (expired entries, then the lowest scores). It returns the entry
// as stored.
func (m *Memories) Remember(r memory.Remember) (memory.Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, err := m.set.Apply(r, m.db.now())
	if err != nil {
		return memory.Entry{}, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if err := m.putLocked([]memory.Entry{e}); err != nil {
		return memory.Entry{}, err
	}
	return e, nil
}

// Put stores entries exactly as given (an import), replacing those with the same keys,
// in one transaction: all are stored or none.
func (m *Memories) Put(entries ...memory.Entry) error {
	for i := range entries {
		if err := entries[i].Validate(); err != nil {
			return fmt.Errorf("%w: %w", ErrInvalid, err)
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.putLocked(entries)
}

// putLocked writes entries and the pruning they cause in one transaction, then updates
// the set; on failure the set is as it was.
func (m *Memories) putLocked(entries []memory.Entry) error {
	undo := make([]func(), 0, len(entries))
	rollback := func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}
	for _, e := range entries {
		if old, ok := m.set.Get(e.Key); ok {
			undo = append(undo, func() { m.set.Put(old) })
		} else {
			undo = append(undo, func() { m.set.Delete(e.Key) })
		}
		m.set.Put(e)
	}
	victims := m.victims()
	err := m.db.update("remember", func(txn *badger.Txn) error {
		for i := range entries {
			if err := setJSON(txn, memKey(entries[i].Key), &entries[i]); err != nil {
				return err
			}
		}
		for _, k := range victims {
			if err := txn.Delete(memKey(k)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		rollback()
		return err
	}
	for _, k := range victims {
		m.set.Delete(k)
	}
	return nil
}

// victims are the keys pruning would remove now.
func (m *Memories) victims() []string {
	limit := m.db.opts.MaxMemories
	if limit < 0 {
		limit = int(^uint(0) >> 1)
	}
	return m.set.Prune(limit, m.db.now())
}

// Prune deletes expired entries and trims the store to its maximum now; it returns how
// many entries it removed.
func (m *Memories) Prune() (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	victims := m.victims()
	if err := m.deleteLocked(victims); err != nil {
		return 0, err
	}
	return len(victims), nil
}

// Forget deletes the entry stored under key; it fails with ErrNotFound when there is none.
func (m *Memories) Forget(key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := memory.NormalizeKey(key)
	if _, ok := m.set.Get(k); !ok {
		return fmt.Errorf("%w: no memory with key %q", ErrNotFound, key)
	}
	return m.deleteLocked([]string{k})
}

func (m *Memories) deleteLocked(keys []string) error {
	if len(keys) == 0 {
		return nil
	}
	err := m.db.update("forget", func(txn *badger.Txn) error {
		for _, k := range keys {
			if err := txn.Delete(memKey(k)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, k := range keys {
		m.set.Delete(k)
	}
	return nil
}

// Get returns the entry stored under key.
func (m *Memories) Get(key string) (memory.Entry, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.set.Get(memory.NormalizeKey(key))
}

// Len is the number of stored entries, expired ones included until pruned.
func (m *Memories) Len() int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.set.Len()
}

// All returns every stored entry, expired ones included, ordered by key.
func (m *Memories) All() []memory.Entry {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.set.All()
}

// Query returns the unexpired entries matching q, best first (see package memory for
// the ranking).
func (m *Memories) Query(q memory.Query) []memory.Scored {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.set.Query(q, m.db.now())
}

// Block is the <memory> block for the system prompt: the unexpired entries whose keys
// are in lead first (in that order), then the rest best first, as many as fit in
// maxTokens (estimated as bytes/4; <= 0 means memory.DefaultMaxTokens), or "" when
// there are none.
func (m *Memories) Block(maxTokens int, lead ...string) string {
	return memory.Block(memory.Lead(m.Query(memory.Query{}), lead), maxTokens)
}

// Export writes every entry to dir as Markdown files plus MEMORY.md (see memory.Export).
func (m *Memories) Export(dir string) ([]string, error) {
	return memory.Export(dir, m.All())
}

// Import reads the memory files in dir and stores them in one transaction, replacing
// entries with the same keys; a bad file stores nothing. It returns how many it stored.
func (m *Memories) Import(dir string) (int, error) {
	entries, err := memory.Import(dir, m.db.now())
	if err != nil {
		return 0, errors.Join(ErrInvalid, err)
	}
	if err := m.Put(entries...); err != nil {
		return 0, err
	}
	return len(entries), nil
}
