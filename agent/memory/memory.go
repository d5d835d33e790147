// Package memory is the agent's view of long-term memory: the [Store]
// interface the remember tool writes through (store/ implements it on
// Badger), an in-memory [Mem] for tests and `kin chat`, ranking by
// salience and recency, and the <memory> block of the system prompt.
package memory

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/llm"
)

// Types of memory, as the seed names them.
var Types = []string{"user", "feedback", "project", "reference"}

// Entry is one memory.
type Entry struct {
	Key, Name, Description, Type, Body string
	Salience                           float64 // 0..1 before the type bonus; 0 means 0.5
	Updated                            time.Time
}

// Store is what the agent needs from a memory store.
type Store interface {
	// Upsert writes or replaces the memory with this key.
	Upsert(ctx context.Context, key, name, description, typ, body string) error
	// List returns every memory, in any order.
	List(ctx context.Context) ([]Entry, error)
}

// Mem is an in-memory Store.
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

// List implements Store.
func (m *Mem) List(context.Context) ([]Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Entry, 0, len(m.entries))
	for _, e := range m.entries {
		out = append(out, e)
	}
	return out, nil
}

var typeBonus = map[string]float64{"feedback": 0.3, "user": 0.2, "project": 0.1}

// halfLife is the recency half-life.
const halfLife = 7 * 24 * time.Hour

// Score is salience (plus the type bonus) times recency, which halves every
// seven days.
func Score(e Entry, now time.Time) float64 {
	s := e.Salience
	if s == 0 {
		s = 0.5
	}
	s += typeBonus[e.Type]
	age := now.Sub(e.Updated)
	if age < 0 {
		age = 0
	}
	return s * math.Exp2(-float64(age)/float64(halfLife))
}

// Rank sorts entries best first, ties by key.
func Rank(entries []Entry, now time.Time) []Entry {
	type scored struct {
		e Entry
		s float64
	}
	xs := make([]scored, len(entries))
	for i, e := range entries {
		xs[i] = scored{e, Score(e, now)}
	}
	slices.SortFunc(xs, func(a, b scored) int {
		if a.s != b.s {
			if a.s > b.s {
				return -1
			}
			return 1
		}
		return strings.Compare(a.e.Key, b.e.Key)
	})
	out := make([]Entry, len(xs))
	for i, x := range xs {
		out[i] = x.e
	}
	return out
}

// Block renders ranked entries as the <memory> block, stopping before it
// would exceed maxTokens. It returns "" for no entries.
func Block(ranked []Entry, maxTokens int) string {
	if len(ranked) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("<memory>\n")
	used := llm.EstimateTokens("<memory>\n</memory>")
	for _, e := range ranked {
		line := fmt.Sprintf("- [%s] %s (%s): %s — %s\n", e.Type, e.Name, e.Key, e.Description, oneLine(e.Body))
		t := llm.EstimateTokens(line)
		if used+t > maxTokens {
			break
		}
		used += t
		b.WriteString(line)
	}
	b.WriteString("</memory>")
	return b.String()
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
