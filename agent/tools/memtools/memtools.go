package memtools

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
)

// Config says where the memory tools read and write. Zero limits take the
// defaults noted.
type Config struct {
	Store memory.Store  // required: without it Tools returns none
	Bus   *protocol.Bus // optional: memory_write announces each memory on it, like remember
	// MaxResults caps what memory_search returns (default 10; a call may ask for up to 50).
	MaxResults int
	// MaxList caps what memory_list returns (default 50; a call may ask for up to 200).
	MaxList int
	// MaxBody caps the characters of each memory's content shown (default 600).
	MaxBody int
}

// Tools returns memory_write, memory_search and memory_list over
// cfg.Store, or nil when it is not set.
func Tools(cfg Config) []*tools.Tool {
	if cfg.Store == nil {
		return nil
	}
	cfg = cfg.withDefaults()
	return []*tools.Tool{memoryWrite(cfg), memorySearch(cfg), memoryList(cfg)}
}

func (c Config) withDefaults() Config {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.MaxResults, 10)
	def(&c.MaxList, 50)
	def(&c.MaxBody, 600)
	return c
}

var reading = tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low}

// checkType accepts "" or one of memory.Types.
func checkType(tool, typ string) error {
	if typ == "" || slices.Contains(memory.Types, typ) {
		return nil
	}
	return fmt.Errorf("%s: type must be one of %s, not %q", tool, strings.Join(memory.Types, ", "), typ)
}

// limit picks the number of results: asked (0: def), at most most.
func limit(tool string, asked, def, most int) (int, error) {
	switch {
	case asked < 0:
		return 0, fmt.Errorf("%s: limit must be 1 or more, not %d", tool, asked)
	case asked == 0:
		return def, nil
	}
	return min(asked, most), nil
}

// format writes ranked entries, the first n of them, one block each.
func format(cfg Config, ranked []memory.Entry, n int) string {
	var b strings.Builder
	for _, e := range ranked[:min(n, len(ranked))] {
		fmt.Fprintf(&b, "- [%s] %s (key %s, score %.2f, updated %s)", e.Type, e.Name, e.Key,
			e.Score, e.Updated.Local().Format("2006-01-02"))
		if len(e.Tags) > 0 {
			fmt.Fprintf(&b, " [tags: %s]", strings.Join(e.Tags, ", "))
		}
		if e.Description != "" {
			fmt.Fprintf(&b, ": %s", e.Description)
		}
		fmt.Fprintf(&b, "\n  %s\n", clip(e.Body, cfg.MaxBody))
	}
	if len(ranked) > n {
		fmt.Fprintf(&b, "[%d more not shown; narrow the search or raise limit]\n", len(ranked)-n)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// clip puts s on one line and shortens it to about n runes, marking the cut.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// ranked asks the store for the memories matching q, best first, naming
// tool in the error.
func ranked(ctx context.Context, cfg Config, tool string, q memory.Query) ([]memory.Entry, error) {
	found, err := cfg.Store.Ranked(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("%s: the memories could not be read: %w", tool, err)
	}
	return found, nil
}
