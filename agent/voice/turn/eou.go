package turn

import (
	"strings"
	"unicode"
)

// hanging are words a finished sentence rarely ends on: conjunctions,
// prepositions, articles, possessives and fillers. A transcript ending on one
// is someone pausing mid-thought.
var hanging = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`and but or so because since although though unless until while if
		then than that which who whose whom where when what how why
		the a an this these those my your his her its our their some any every no
		to of in on at for with from by about into onto over under between after before like as
		is are was were am be been being do does did have has had will would can could should must
		i you we they he she it um uh er erm hmm uhm well also just maybe not very really
		it's that's there's i'm i've i'd you're we're they're what's`) {
		hanging[w] = true
	}
}

// EndOfUtterance reports whether text, a transcript of what the user said
// before falling silent, sounds finished. It is the cascade's end-of-turn
// heuristic: an utterance that trails off ("so I was thinking that…", "and",
// "um") gets a little more time before kin answers. Question and exclamation
// marks, and a full stop after a word that can end a sentence, count as
// finished; an empty transcript counts as finished (there is nothing to wait for).
func EndOfUtterance(text string) bool {
	t := strings.TrimSpace(text)
	if t == "" {
		return true
	}
	if strings.HasSuffix(t, "...") || strings.HasSuffix(t, "…") {
		return false
	}
	switch last := t[len(t)-1]; last {
	case ',', '-', ';', ':':
		return false
	case '?', '!':
		return true
	}
	words := strings.Fields(t)
	w := strings.ToLower(strings.TrimFunc(words[len(words)-1], func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\''
	}))
	return !hanging[w]
}
