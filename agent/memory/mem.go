package memory

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// Mem is an in-process [Store] for tests and for listing skills. It does
// not rank: Ranked lists the newest first and Block has no cap. kin itself
// always asks the store (see internal/agentmem).
type Mem struct {
	Now func() time.Time // default time.Now

	mu      sync.Mutex
	entries map[string]Entry
}

// Upsert implements Store.
func (m *Mem) Upsert(_ context.Context, key, name, description, typ, body string) error {
	if key == "" {
		return fmt.Errorf("memory: empty key")
	}
	now := time.Now
	if m.Now != nil {
		now = m.Now
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.entries == nil {
		m.entries = map[string]Entry{}
	}
	m.entries[key] = Entry{Key: key, Name: name, Description: description, Type: typ, Body: body, Updated: now()}
	return nil
}

// Ranked implements Store: the matching memories, newest first.
func (m *Mem) Ranked(_ context.Context, q Query) ([]Entry, error) {
	words := strings.Fields(strings.ToLower(q.Text))
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Entry
	for _, e := range m.entries {
		hay := strings.ToLower(e.Key + "\n" + e.Name + "\n" + e.Description + "\n" + e.Body)
		if (q.Type == "" || e.Type == q.Type) && !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(hay, w) }) {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b Entry) int {
		if c := b.Updated.Compare(a.Updated); c != 0 {
			return c
		}
		return strings.Compare(a.Key, b.Key)
	})
	return out, nil
}

// Block implements Store with one line per memory, lead first, uncapped.
func (m *Mem) Block(ctx context.Context, lead []string, _ int) (string, error) {
	all, _ := m.Ranked(ctx, Query{})
	if len(all) == 0 {
		return "", nil
	}
	slices.SortStableFunc(all, func(a, b Entry) int { return leadRank(lead, a.Key) - leadRank(lead, b.Key) })
	var b strings.Builder
	b.WriteString("<memory>\n")
	for _, e := range all {
		fmt.Fprintf(&b, "- [%s] %s — %s: %s\n", e.Type, e.Key, e.Name, e.Body)
	}
	b.WriteString("</memory>")
	return b.String(), nil
}

// leadRank is key's place in lead, or len(lead) when it is not there.
func leadRank(lead []string, key string) int {
	if i := slices.Index(lead, key); i >= 0 {
		return i
	}
	return len(lead)
}
