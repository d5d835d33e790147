// Package memory is the agent's view of long-term memory: the [Store]
// interface the remember tool, the memory tools and the <memory> block of
// the system prompt go through. Ranking, expiry, tags and the token cap of
// the block are the store's (store/memory ranks, internal/agentmem adapts
// it); the agent only asks. [Mem] is a small in-process fake for tests.
package memory

import (
	"context"
	"time"
)

// Types of memory, as the seed names them.
var Types = []string{"user", "feedback", "project", "reference"}

// Entry is one memory as the store returns it.
type Entry struct {
	Key, Name, Description, Type, Body string
	Tags                               []string
	Score                              float64 // the store's ranking score when it was asked
	Updated                            time.Time
}

// Query selects memories. Zero fields select every memory that has not
// expired.
type Query struct {
	Text string // every word must occur in the memory, ignoring case
	Type string // only memories of this type
}

// Store is what the agent needs from a memory store.
type Store interface {
	// Upsert writes or replaces the memory with this key.
	Upsert(ctx context.Context, key, name, description, typ, body string) error
	// Ranked returns the memories matching q that have not expired, best
	// first.
	Ranked(ctx context.Context, q Query) ([]Entry, error)
	// Block returns the <memory> block of the system prompt: the memories
	// whose keys are in lead first, in that order, then the rest best
	// first, with their tags, none expired, at most maxTokens (0: the
	// store's default cap). It returns "" when there is no memory.
	Block(ctx context.Context, lead []string, maxTokens int) (string, error)
}
