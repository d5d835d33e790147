package companion

import (
	"context"
	"errors"
	"fmt"

	"github.com/kin-companion/kin/agent/redact"
	"github.com/kin-companion/kin/agent/tools/todo"
	"github.com/kin-companion/kin/store"
)

// todoStore keeps the model's task list in the store.
type todoStore struct{ t *store.Todos }

// Add implements todo.TodoStore; secrets in the text are redacted.
func (s todoStore) Add(_ context.Context, text string) (todo.Item, error) {
	it, err := s.t.Add(redact.Text(text))
	return todo.Item(it), err
}

// List implements todo.TodoStore.
func (s todoStore) List(context.Context) ([]todo.Item, error) {
	all, err := s.t.List()
	out := make([]todo.Item, len(all))
	for i, it := range all {
		out[i] = todo.Item(it)
	}
	return out, err
}

// Complete implements todo.TodoStore.
func (s todoStore) Complete(_ context.Context, id int) (todo.Item, bool, error) {
	it, already, err := s.t.Complete(id)
	if errors.Is(err, store.ErrNotFound) {
		err = fmt.Errorf("%w: %d", todo.ErrNotFound, id)
	}
	return todo.Item(it), already, err
}

// scratchpad keeps storage_get/storage_set's values in the store.
type scratchpad struct{ s *store.Scratch }

// Get implements todo.Scratchpad.
func (p scratchpad) Get(_ context.Context, key string) (string, bool, error) {
	v, err := p.s.Get(key)
	if errors.Is(err, store.ErrNotFound) {
		return "", false, nil
	}
	return v, err == nil, err
}

// Set implements todo.Scratchpad; secrets in the value are redacted.
func (p scratchpad) Set(_ context.Context, key, value string) error {
	return p.s.Set(key, redact.Text(value))
}

// Keys implements todo.Scratchpad.
func (p scratchpad) Keys(context.Context) ([]string, error) { return p.s.Keys() }
