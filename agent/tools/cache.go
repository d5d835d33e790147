package tools

import (
	"bytes"
	"encoding/json"
	"sync"
	"time"
)

// Cache keeps results of cacheable tools for their TTL, keyed by the tool
// name and its canonical arguments, in seed 001's scopes: each scope holds
// at most its own number of entries, the oldest going first, so a burst of
// page fetches never pushes out search results. Safe for concurrent use.
type Cache struct {
	Now        func() time.Time // default time.Now
	MaxEntries int              // per scope without a limit in ScopeLimits; default 100

	mu      sync.Mutex
	entries map[string]cached
	order   map[string][]string // keys per scope, oldest first
}

// Cache scopes of seed 001 and their sizes; a tool names its scope in
// [Meta.CacheScope] ("" is ScopeToolResult).
const (
	ScopeToolResult = "tool_result"
	ScopeWebSearch  = "web_search"
	ScopePageFetch  = "page_fetch"
)

// ScopeLimits are the seed's entry limits per scope.
var ScopeLimits = map[string]int{ScopeToolResult: 100, ScopeWebSearch: 50, ScopePageFetch: 30}

type cached struct {
	out     string
	expires time.Time
}

// Key returns the cache key of a call.
func Key(name string, args json.RawMessage) string {
	var v any
	if json.Unmarshal(args, &v) != nil {
		return name + "\x00" + string(bytes.TrimSpace(args))
	}
	b, _ := json.Marshal(v) // map keys sorted: canonical
	return name + "\x00" + string(b)
}

func (c *Cache) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// Get returns a live cached result.
func (c *Cache) Get(key string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok || !c.now().Before(e.expires) {
		return "", false
	}
	return e.out, true
}

// Put stores a result for ttl in the tool-result scope.
func (c *Cache) Put(key, out string, ttl time.Duration) { c.PutIn(ScopeToolResult, key, out, ttl) }

// PutIn stores a result for ttl in scope, evicting the scope's oldest
// entries beyond its limit.
func (c *Cache) PutIn(scope, key, out string, ttl time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries, c.order = map[string]cached{}, map[string][]string{}
	}
	if scope == "" {
		scope = ScopeToolResult
	}
	limit := ScopeLimits[scope]
	if c.MaxEntries > 0 && (limit == 0 || scope == ScopeToolResult) {
		limit = c.MaxEntries
	}
	if limit <= 0 {
		limit = 100
	}
	if _, ok := c.entries[key]; !ok {
		c.order[scope] = append(c.order[scope], key)
	}
	c.entries[key] = cached{out, c.now().Add(ttl)}
	for q := c.order[scope]; len(q) > limit; q = c.order[scope] {
		delete(c.entries, q[0])
		c.order[scope] = q[1:]
	}
}
