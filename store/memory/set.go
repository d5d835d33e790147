package memory

import (
	"cmp"
	"container/heap"
	"slices"
	"time"
)

// DefaultMaxEntries is how many memories a Set keeps before [Set.Prune] trims it.
const DefaultMaxEntries = 150

// Set is an in-memory collection of entries, one per key, that answers ranked queries.
// It is not safe for concurrent use; package store guards it with a lock.
type Set struct {
	items []*item
	byKey map[string]int
}

type item struct {
	e   Entry
	hay string // lower-case search text
}

// NewSet returns an empty Set.
func NewSet() *Set { return &Set{byKey: map[string]int{}} }

// Len is the number of entries.
func (s *Set) Len() int { return len(s.items) }

// Get returns a copy of the entry stored under key.
func (s *Set) Get(key string) (Entry, bool) {
	i, ok := s.byKey[key]
	if !ok {
		return Entry{}, false
	}
	return s.items[i].e.Clone(), true
}

// Put stores a copy of e, replacing any entry with the same key.
func (s *Set) Put(e Entry) {
	it := &item{e: e.Clone(), hay: haystack(&e)}
	if i, ok := s.byKey[e.Key]; ok {
		s.items[i] = it
		return
	}
	s.byKey[e.Key] = len(s.items)
	s.items = append(s.items, it)
}

// Delete removes the entry stored under key and reports whether there was one.
func (s *Set) Delete(key string) bool {
	i, ok := s.byKey[key]
	if !ok {
		return false
	}
	last := len(s.items) - 1
	s.items[i] = s.items[last]
	s.byKey[s.items[i].e.Key] = i
	s.items[last] = nil
	s.items = s.items[:last]
	delete(s.byKey, key)
	return true
}

// All returns copies of every entry, ordered by key.
func (s *Set) All() []Entry {
	out := make([]Entry, len(s.items))
	for i, it := range s.items {
		out[i] = it.e.Clone()
	}
	slices.SortFunc(out, func(a, b Entry) int { return cmp.Compare(a.Key, b.Key) })
	return out
}

// Query returns copies of the unexpired entries that match q, best first.
func (s *Set) Query(q Query, now time.Time) []Scored {
	m := newMatcher(q)
	h := &topK{limit: q.Limit}
	for _, it := range s.items {
		if it.e.Expired(now) || !m.match(&it.e, it.hay) {
			continue
		}
		h.offer(cand{Score(&it.e, now), it})
	}
	slices.SortFunc(h.c, func(a, b cand) int { return b.cmp(a) })
	out := make([]Scored, len(h.c))
	for i, c := range h.c {
		out[i] = Scored{Entry: c.it.e.Clone(), Score: c.score}
	}
	return out
}

// Prune returns the keys to delete so that at most max entries remain and none has
// expired: expired entries first, then the lowest scores at now, oldest first among
// equal scores. It does not delete them.
func (s *Set) Prune(max int, now time.Time) []string {
	var victims []string
	var live []cand
	for _, it := range s.items {
		if it.e.Expired(now) {
			victims = append(victims, it.e.Key)
		} else {
			live = append(live, cand{Score(&it.e, now), it})
		}
	}
	if extra := len(live) - max; extra > 0 {
		slices.SortFunc(live, cand.cmp) // worst first
		for _, c := range live[:extra] {
			victims = append(victims, c.it.e.Key)
		}
	}
	return victims
}

// cand is a candidate result during a query.
type cand struct {
	score float64
	it    *item
}

// cmp orders candidates: positive when a ranks above b (higher score, then more
// recently updated, then the smaller key).
func (a cand) cmp(b cand) int {
	if c := cmp.Compare(a.score, b.score); c != 0 {
		return c
	}
	if c := a.it.e.UpdatedAt.Compare(b.it.e.UpdatedAt); c != 0 {
		return c
	}
	return cmp.Compare(b.it.e.Key, a.it.e.Key)
}

// topK keeps the best limit candidates in a min-heap (all of them when limit is 0).
type topK struct {
	limit int
	c     []cand
}

func (h *topK) offer(c cand) {
	if h.limit <= 0 || len(h.c) < h.limit {
		h.c = append(h.c, c)
		if h.limit > 0 && len(h.c) == h.limit {
			heap.Init(h)
		}
		return
	}
	if c.cmp(h.c[0]) > 0 {
		h.c[0] = c
		heap.Fix(h, 0)
	}
}

func (h *topK) Len() int           { return len(h.c) }
func (h *topK) Less(i, j int) bool { return h.c[i].cmp(h.c[j]) < 0 }
func (h *topK) Swap(i, j int)      { h.c[i], h.c[j] = h.c[j], h.c[i] }
func (h *topK) Push(x any)         { h.c = append(h.c, x.(cand)) }
func (h *topK) Pop() any {
	x := h.c[len(h.c)-1]
	h.c = h.c[:len(h.c)-1]
	return x
}
