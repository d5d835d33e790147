// Package agentmem gives the agent kin's one memory ranker: it adapts the store's
// memories (store/memory ranks them, store persists them) to the interface the agent
// owns, agent/memory.Store. The companion wires it; tests of the agent use it to run
// against the real store.
package agentmem

import (
	"context"
	"sync"
	"time"

	agent "github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/redact"
	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/memory"
)

// backend is what the adapter needs from a memory store; *store.Memories and
// [Session] have it.
type backend interface {
	Remember(memory.Remember) (memory.Entry, error)
	Query(memory.Query) []memory.Scored
	Block(maxTokens int, lead ...string) string
}

// Adapter is an agent/memory.Store over the store's memories.
type Adapter struct{ b backend }

// New adapts the memories of an open store.
func New(m *store.Memories) Adapter { return Adapter{m} }

// Upsert implements agent/memory.Store: the same key updates the entry.
// Secrets in what the model writes are redacted: they never reach the store.
func (a Adapter) Upsert(_ context.Context, key, name, description, typ, body string) error {
	t, err := memory.ParseType(typ)
	if err != nil {
		return err
	}
	_, err = a.b.Remember(memory.Remember{Key: key, Name: redact.Text(name), Description: redact.Text(description), Type: t, Body: redact.Text(body)})
	return err
}

// Ranked implements agent/memory.Store with the store's query: unexpired, best first.
func (a Adapter) Ranked(_ context.Context, q agent.Query) ([]agent.Entry, error) {
	sq := memory.Query{Text: q.Text}
	if q.Type != "" {
		t, err := memory.ParseType(q.Type)
		if err != nil {
			return nil, err
		}
		sq.Types = []memory.Type{t}
	}
	found := a.b.Query(sq)
	out := make([]agent.Entry, len(found))
	for i, e := range found {
		out[i] = agent.Entry{Key: e.Key, Name: e.Name, Description: e.Description, Type: string(e.Type),
			Body: e.Content, Tags: e.Tags, Score: e.Score, Updated: e.UpdatedAt}
	}
	return out, nil
}

// Block implements agent/memory.Store with the store's block.
func (a Adapter) Block(_ context.Context, lead []string, maxTokens int) (string, error) {
	return a.b.Block(maxTokens, lead...), nil
}

// Session is memory held only for this run, ranked as the store ranks, for when the
// store cannot be opened. It keeps at most memory.DefaultMaxEntries entries.
type Session struct {
	now func() time.Time
	mu  sync.RWMutex
	set *memory.Set
}

// NewSession returns an empty Session on the clock now (nil: time.Now), adapted.
func NewSession(now func() time.Time) Adapter {
	if now == nil {
		now = time.Now
	}
	return Adapter{&Session{now: now, set: memory.NewSet()}}
}

// Remember writes r as the store does, then prunes.
func (s *Session) Remember(r memory.Remember) (memory.Entry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.set.Apply(r, s.now())
	if err != nil {
		return memory.Entry{}, err
	}
	s.set.Put(e)
	for _, k := range s.set.Prune(memory.DefaultMaxEntries, s.now()) {
		s.set.Delete(k)
	}
	return e, nil
}

// Query returns the unexpired entries matching q, best first.
func (s *Session) Query(q memory.Query) []memory.Scored {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.set.Query(q, s.now())
}

// Block is the <memory> block, as [store.Memories.Block] makes it.
func (s *Session) Block(maxTokens int, lead ...string) string {
	return memory.Block(memory.Lead(s.Query(memory.Query{}), lead), maxTokens)
}
