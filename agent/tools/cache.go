package tools

import (
	"bytes"
	"encoding/json"
	"sync"
	"time"
)

// Cache keeps results of cacheable tools for their TTL, keyed by the tool
// name and its canonical arguments. Safe for concurrent use.
type Cache struct {
	Now        func() time.Time // default time.Now
	MaxEntries int              // default 100; the oldest entry goes first

	mu      sync.Mutex
	entries map[string]cached
	order   []string
}

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

// Put stores a result for ttl.
func (c *Cache) Put(key, out string, ttl time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[string]cached{}
	}
	max := c.MaxEntries
	if max <= 0 {
		max = 100
	}
	if _, ok := c.entries[key]; !ok {
		c.order = append(c.order, key)
	}
	c.entries[key] = cached{out, c.now().Add(ttl)}
	for len(c.order) > max {
		delete(c.entries, c.order[0])
		c.order = c.order[1:]
	}
}
