package cascade

import (
	"strings"
	"unicode"
)

// Splitter cuts streamed text into sentences, so each can be spoken as soon as it
// is complete.
type Splitter struct{ buf strings.Builder }

// abbreviations that end in a period without ending a sentence.
var abbreviations = []string{"mr.", "mrs.", "ms.", "dr.", "e.g.", "i.e.", "etc.", "vs.", "st."}

// Feed adds a fragment and returns the sentences it completed.
func (s *Splitter) Feed(delta string) []string {
	s.buf.WriteString(delta)
	text := s.buf.String()
	var out []string
	start := 0
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		end := false
		switch {
		case r == '\n':
			end = true
		case strings.ContainsRune(".!?…。！？", r):
			if i+1 < len(rs) && unicode.IsSpace(rs[i+1]) {
				word := strings.ToLower(lastWord(string(rs[start : i+1])))
				end = !contains(abbreviations, word)
			}
		}
		if end {
			if sent := strings.TrimSpace(string(rs[start : i+1])); sent != "" {
				out = append(out, sent)
			}
			start = i + 1
		}
	}
	s.buf.Reset()
	s.buf.WriteString(string(rs[start:]))
	return out
}

// Flush returns what is left (the last sentence, if it had no final punctuation).
func (s *Splitter) Flush() string {
	t := strings.TrimSpace(s.buf.String())
	s.buf.Reset()
	return t
}

func lastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
