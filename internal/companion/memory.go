package companion

import (
	"context"

	agentmem "github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/memory"
)

// memoryStore lets the agent's remember tool and <memory> block use the
// Badger store.
type memoryStore struct{ m *store.Memories }

// Upsert implements agent/memory.Store: the same key updates the entry.
func (s memoryStore) Upsert(_ context.Context, key, name, description, typ, body string) error {
	t, err := memory.ParseType(typ)
	if err != nil {
		return err
	}
	_, err = s.m.Remember(memory.Remember{Key: key, Name: name, Description: description, Type: t, Body: body})
	return err
}

// List implements agent/memory.Store.
func (s memoryStore) List(context.Context) ([]agentmem.Entry, error) {
	all := s.m.All()
	out := make([]agentmem.Entry, len(all))
	for i, e := range all {
		out[i] = agentmem.Entry{Key: e.Key, Name: e.Name, Description: e.Description, Type: string(e.Type),
			Body: e.Content, Salience: e.Salience, Updated: e.UpdatedAt}
	}
	return out, nil
}
