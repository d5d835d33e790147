package todo_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/kin-companion/kin/agent/tools/todo"
	"github.com/kin-companion/kin/store"
)

// todoStore and scratchpad adapt kin's store to the package's interfaces,
// exactly as the companion does.
type todoStore struct{ t *store.Todos }

func (s todoStore) Add(_ context.Context, text string) (todo.Item, error) {
	it, err := s.t.Add(text)
	return todo.Item(it), err
}

func (s todoStore) List(context.Context) ([]todo.Item, error) {
	all, err := s.t.List()
	out := make([]todo.Item, len(all))
	for i, it := range all {
		out[i] = todo.Item(it)
	}
	return out, err
}

func (s todoStore) Complete(_ context.Context, id int) (todo.Item, bool, error) {
	it, already, err := s.t.Complete(id)
	if errors.Is(err, store.ErrNotFound) {
		err = fmt.Errorf("%w: %d", todo.ErrNotFound, id)
	}
	return todo.Item(it), already, err
}

type scratchpad struct{ s *store.Scratch }

func (p scratchpad) Get(_ context.Context, key string) (string, bool, error) {
	v, err := p.s.Get(key)
	if errors.Is(err, store.ErrNotFound) {
		return "", false, nil
	}
	return v, err == nil, err
}

func (p scratchpad) Set(_ context.Context, key, value string) error { return p.s.Set(key, value) }

func (p scratchpad) Keys(context.Context) ([]string, error) { return p.s.Keys() }

// openStore opens kin's store in dir; it is closed at cleanup (closing it
// twice is harmless).
func openStore(t *testing.T, dir string) *store.DB {
	t.Helper()
	db, err := store.Open(store.Options{Dir: dir, GCInterval: -1, MinFreeBytes: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// backends are the implementations every behaviour test runs against.
func backends(t *testing.T) map[string]todo.Config {
	db := openStore(t, t.TempDir())
	mem := &todo.Mem{}
	return map[string]todo.Config{
		"store": {Todos: todoStore{db.Todos()}, Scratch: scratchpad{db.Scratch()}},
		"mem":   {Todos: mem, Scratch: mem},
	}
}
