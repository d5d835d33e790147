package memory

import (
	"strings"
)

// DefaultMaxTokens is the default cap of the <memory> block (the manifest's
// memory.maxTokens).
const DefaultMaxTokens = 8192

// EstimateTokens estimates the tokens in s as its length in bytes divided by four,
// rounded up.
func EstimateTokens(s string) int { return (len(s) + 3) / 4 }

const (
	blockOpen  = "<memory>\n"
	blockClose = "</memory>"
)

// Block renders ranked entries as the <memory> block of the system prompt, in the order
// given, skipping any entry that would take the block past maxTokens (as estimated by
// [EstimateTokens]; maxTokens <= 0 means [DefaultMaxTokens]). It returns "" when no
// entry fits. Each entry reads
//
//   - [type] key — name: description [tags: a, b]
//     content, indented
//
// (the description and the tags only when there are some).
func Block(entries []Scored, maxTokens int) string {
	if maxTokens <= 0 {
		maxTokens = DefaultMaxTokens
	}
	budget := maxTokens*4 - len(blockOpen) - len(blockClose)
	var b strings.Builder
	b.Grow(min(budget, 64<<10) + len(blockOpen) + len(blockClose))
	b.WriteString(blockOpen)
	n := 0
	for i := range entries {
		e := &entries[i].Entry
		size := entrySize(e)
		if size > budget {
			continue
		}
		budget -= size
		writeEntry(&b, e)
		n++
	}
	if n == 0 {
		return ""
	}
	b.WriteString(blockClose)
	return b.String()
}

// entrySize is the number of bytes writeEntry writes for e.
func entrySize(e *Entry) int {
	n := len("- [") + len(e.Type) + len("] ") + len(e.Key) + len(" — ") + len(e.Name) + 1
	if e.Description != "" {
		n += len(": ") + len(e.Description)
	}
	if len(e.Tags) > 0 {
		n += len(" [tags: ") + len(e.Tags[0]) + len("]")
		for _, t := range e.Tags[1:] {
			n += len(", ") + len(t)
		}
	}
	content := strings.TrimRight(e.Content, "\n")
	return n + len("  ") + len(content) + 2*strings.Count(content, "\n") + 1
}

func writeEntry(b *strings.Builder, e *Entry) {
	b.WriteString("- [")
	b.WriteString(string(e.Type))
	b.WriteString("] ")
	b.WriteString(e.Key)
	b.WriteString(" — ")
	b.WriteString(e.Name)
	if e.Description != "" {
		b.WriteString(": ")
		b.WriteString(e.Description)
	}
	for i, t := range e.Tags {
		if i == 0 {
			b.WriteString(" [tags: ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(t)
	}
	if len(e.Tags) > 0 {
		b.WriteByte(']')
	}
	b.WriteString("\n  ")
	content := strings.TrimRight(e.Content, "\n")
	for {
		i := strings.IndexByte(content, '\n')
		if i < 0 {
			break
		}
		b.WriteString(content[:i+1])
		b.WriteString("  ")
		content = content[i+1:]
	}
	b.WriteString(content)
	b.WriteByte('\n')
}

// Lead returns ranked with the entries whose keys are in keys moved to the front, in
// the order of keys; the rest keep their order. Keys not in ranked are ignored, so an
// expired or unknown key never enters the block.
func Lead(ranked []Scored, keys []string) []Scored {
	if len(keys) == 0 {
		return ranked
	}
	out := make([]Scored, 0, len(ranked))
	taken := make([]bool, len(ranked))
	for _, k := range keys {
		for i := range ranked {
			if !taken[i] && ranked[i].Key == k {
				taken[i] = true
				out = append(out, ranked[i])
				break
			}
		}
	}
	for i := range ranked {
		if !taken[i] {
			out = append(out, ranked[i])
		}
	}
	return out
}
