package schedule

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"
)

// Store is where the scheduler keeps its tasks: one JSON document per task
// id. store.Schedules implements it on Badger; [Mem] keeps them in memory.
type Store interface {
	// Put writes or replaces the document of task id, durably.
	Put(id string, task json.RawMessage) error
	// Delete removes task id; a missing id is not an error.
	Delete(id string) error
	// All returns every document, in any order.
	All() ([]json.RawMessage, error)
}

// Mem is a Store in memory, for tests and runs without a data directory.
type Mem struct {
	mu   sync.Mutex
	docs map[string]json.RawMessage
}

// Put implements Store.
func (m *Mem) Put(id string, task json.RawMessage) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.docs == nil {
		m.docs = map[string]json.RawMessage{}
	}
	m.docs[id] = slices.Clone(task)
	return nil
}

// Delete implements Store.
func (m *Mem) Delete(id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.docs, id)
	return nil
}

// All implements Store, in id order.
func (m *Mem) All() ([]json.RawMessage, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ids := make([]string, 0, len(m.docs))
	for id := range m.docs {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, strings.Compare)
	out := make([]json.RawMessage, len(ids))
	for i, id := range ids {
		out[i] = slices.Clone(m.docs[id])
	}
	return out, nil
}
