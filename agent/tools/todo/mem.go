package todo

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// Mem is a [TodoStore] and [Scratchpad] held in memory, for tests and for
// sessions that keep nothing. The zero value is ready to use.
type Mem struct {
	Now func() time.Time // default time.Now

	mu      sync.Mutex
	items   []Item
	lastID  int
	scratch map[string]string
}

func (m *Mem) now() time.Time {
	if m.Now != nil {
		return m.Now()
	}
	return time.Now()
}

// Add implements TodoStore.
func (m *Mem) Add(_ context.Context, text string) (Item, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.lastID++
	it := Item{ID: m.lastID, Text: text, Added: m.now()}
	m.items = append(m.items, it)
	return it, nil
}

// List implements TodoStore.
func (m *Mem) List(context.Context) ([]Item, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.items), nil
}

// Complete implements TodoStore.
func (m *Mem) Complete(_ context.Context, id int) (Item, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := slices.IndexFunc(m.items, func(it Item) bool { return it.ID == id })
	if i < 0 {
		return Item{}, false, fmt.Errorf("%w: %d", ErrNotFound, id)
	}
	if m.items[i].Done {
		return m.items[i], true, nil
	}
	m.items[i].Done, m.items[i].DoneAt = true, m.now()
	return m.items[i], false, nil
}

// Get implements Scratchpad.
func (m *Mem) Get(_ context.Context, key string) (string, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.scratch[key]
	return v, ok, nil
}

// Set implements Scratchpad.
func (m *Mem) Set(_ context.Context, key, value string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if value == "" {
		delete(m.scratch, key)
		return nil
	}
	if m.scratch == nil {
		m.scratch = map[string]string{}
	}
	m.scratch[key] = value
	return nil
}

// Keys implements Scratchpad.
func (m *Mem) Keys(context.Context) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	keys := make([]string, 0, len(m.scratch))
	for k := range m.scratch {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys, nil
}
