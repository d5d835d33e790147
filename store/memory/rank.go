package memory

import (
	"math"
	"slices"
	"strings"
	"time"
)

// HalfLife is the age at which the recency boost halves.
const HalfLife = 7 * 24 * time.Hour

const (
	tagBoost    = 0.02 // per tag
	tagBoostMax = 5    // tags that count
)

// Weight is e's salience plus its type bonus plus the small boost for its tags.
func Weight(e *Entry) float64 {
	return e.Salience + e.Type.Bonus() + tagBoost*float64(min(len(e.Tags), tagBoostMax))
}

// Recency is the boost 2^(−age/HalfLife) for an entry last updated at t; it is 1 for a
// time in the future.
func Recency(t, now time.Time) float64 {
	age := now.Sub(t)
	if age <= 0 {
		return 1
	}
	return math.Exp2(-float64(age) / float64(HalfLife))
}

// Score is the ranking score of e at now: Weight × Recency.
func Score(e *Entry, now time.Time) float64 {
	return Weight(e) * Recency(e.UpdatedAt, now)
}

// Query selects and ranks memories. Zero fields select everything.
type Query struct {
	Text  string   // every word must occur in the key, name, description, content, tags or context (case-insensitive)
	Types []Type   // any of these types
	Tags  []string // every one of these tags
	Limit int      // at most this many results; 0 means all
}

// Scored is a query result: a copy of the entry and its score.
type Scored struct {
	Entry
	Score float64 `json:"score"`
}

// matcher is a prepared Query.
type matcher struct {
	words []string
	types []Type
	tags  []string
}

func newMatcher(q Query) matcher {
	return matcher{
		words: strings.Fields(strings.ToLower(q.Text)),
		types: q.Types,
		tags:  NormalizeTags(q.Tags),
	}
}

// match reports whether the entry with lower-case haystack hay passes the filters.
func (m *matcher) match(e *Entry, hay string) bool {
	if len(m.types) > 0 && !slices.Contains(m.types, e.Type) {
		return false
	}
	for _, t := range m.tags {
		if !slices.Contains(e.Tags, t) {
			return false
		}
	}
	for _, w := range m.words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// haystack is the lower-case text a Query's words are looked for in.
func haystack(e *Entry) string {
	parts := []string{e.Key, e.Name, e.Description, e.Content, strings.Join(e.Tags, " "), e.Context}
	return strings.ToLower(strings.Join(parts, "\n"))
}
