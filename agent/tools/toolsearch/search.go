package toolsearch

import (
	"slices"
	"strings"
	"unicode"

	"github.com/kin-companion/kin/agent/tools"
)

// Weights of one query word found in a tool.
const (
	nameWord   = 4 // a whole word of the tool's name
	namePart   = 2 // a part of a word of the name (prefix or inside)
	descWord   = 1 // a word of the description
	exactBonus = 20
)

// Match is a tool found by [Search], with its score.
type Match struct {
	Tool  *tools.Tool
	Score int
}

// Search ranks ts for query by the words of their names and descriptions
// and returns at most limit matches with a positive score, best first
// (registration order breaks ties). Words are compared case-blind; a name
// like mcp__github__create_issue counts as the words mcp, github, create
// and issue.
func Search(ts []*tools.Tool, query string, limit int) []Match {
	q := words(query)
	if len(q) == 0 || limit <= 0 {
		return nil
	}
	whole := strings.ToLower(strings.TrimSpace(query))
	var out []Match
	for _, t := range ts {
		if s := score(t, q, whole); s > 0 {
			out = append(out, Match{Tool: t, Score: s})
		}
	}
	slices.SortStableFunc(out, func(a, b Match) int { return b.Score - a.Score })
	return out[:min(limit, len(out))]
}

// score is how well t matches the query words q.
func score(t *tools.Tool, q []string, whole string) int {
	name := strings.ToLower(t.Name)
	s := 0
	if name == whole {
		s += exactBonus
	}
	nw := words(t.Name)
	dw := set(words(t.Description))
	for _, w := range q {
		switch {
		case slices.Contains(nw, w):
			s += nameWord
		case len(w) >= 3 && strings.Contains(name, w):
			s += namePart
		}
		if dw[w] || (len(w) >= 4 && dw[strings.TrimSuffix(w, "s")]) {
			s += descWord
		}
	}
	return s
}

// words splits s into lower-case words of letters and digits, dropping
// words too common to tell tools apart.
func words(s string) []string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	return slices.DeleteFunc(f, func(w string) bool { return stop[w] })
}

func set(ws []string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// stop words carry no meaning for a search.
var stop = map[string]bool{"a": true, "an": true, "the": true, "of": true, "to": true, "and": true,
	"or": true, "for": true, "in": true, "on": true, "with": true, "is": true, "it": true, "i": true,
	"me": true, "my": true, "tool": true, "tools": true, "mcp": true}
