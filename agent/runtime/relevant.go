package runtime

import (
	"context"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/kin-companion/kin/agent/memory"
)

// MaxRelevant is how many memories matching the user's message preflight
// puts first in the <memory> block, ahead of the globally top-ranked ones.
const MaxRelevant = 6

// MemorySearcher is a memory store that finds the memories matching a
// message itself (full text, embeddings). When [Config.Memory] has it,
// preflight asks it; otherwise the runtime matches words itself.
type MemorySearcher interface {
	Search(ctx context.Context, query string, n int) ([]memory.Entry, error)
}

// relevant returns the keys of the memories that match message, best
// match first, for the front of the <memory> block; the rest keep the
// store's rank order. So a memory the message is about is in the block even
// when salience and recency alone would have cut it.
func (r *Runtime) relevant(ctx context.Context, message string) []string {
	var hits []memory.Entry
	if s, ok := r.cfg.Memory.(MemorySearcher); ok {
		hits, _ = s.Search(ctx, message, MaxRelevant) // a failing search only costs the ordering
	} else {
		ranked, _ := r.cfg.Memory.Ranked(ctx, memory.Query{})
		hits = matching(ranked, message, MaxRelevant)
	}
	keys := make([]string, len(hits))
	for i, e := range hits {
		keys[i] = e.Key
	}
	return keys
}

// matching returns up to n entries sharing words with message, scored by
// how rare each shared word is among the entries (so "guitar" counts more
// than "user"); ties keep rank order.
func matching(ranked []memory.Entry, message string, n int) []memory.Entry {
	query := words(message)
	if len(query) == 0 {
		return nil
	}
	docs := make([]map[string]bool, len(ranked))
	df := map[string]int{}
	for i, e := range ranked {
		docs[i] = words(strings.Join([]string{strings.ReplaceAll(e.Key, "_", " "), e.Name, e.Description, e.Body}, " "))
		for w := range query {
			if docs[i][w] {
				df[w]++
			}
		}
	}
	type hit struct {
		i     int
		score float64
	}
	var hits []hit
	for i, d := range docs {
		s := 0.0
		for w := range query {
			if d[w] {
				s += math.Log(1 + float64(len(ranked))/float64(df[w]))
			}
		}
		if s > 0 {
			hits = append(hits, hit{i, s})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	out := make([]memory.Entry, 0, min(n, len(hits)))
	for _, h := range hits[:min(n, len(hits))] {
		out = append(out, ranked[h.i])
	}
	return out
}

// words is the set of content words of s: lower case, three letters or
// more, not a common function word, with a plural s dropped.
func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if len([]rune(w)) < 3 || stopWords[w] {
			continue
		}
		if len(w) > 4 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = w[:len(w)-1]
		}
		out[w] = true
	}
	return out
}

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the and for are but not you your yours with what when where which who whom
		how why this that these those from have has had was were will would can could should shall
		may might must about into onto over under than then them they their there here its it's our ours
		out off all any some each more most much many very just also too only own same such again
		one two get got let me my mine she her hers his him did does doing done been being yes no
		please thanks thank tell know like want need make made now today`) {
		m[w] = true
	}
	return m
}()
