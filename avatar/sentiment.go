package avatar

import (
	"math"
	"strings"
	"unicode"
)

// Sentiment is the result of [AnalyzeSentiment].
type Sentiment struct {
	Valence float32 // −1 (negative) .. 1 (positive)
	Arousal float32 // 0 (calm) .. 1 (excited)
	Hits    int     // how many sentiment words were found
}

// The keyword buckets of the Empathy Layer: celebration words are
// positive, concern and empathy words negative.
var (
	celebrationWords = wordSet("success successful succeeded complete completed done great awesome amazing " +
		"wonderful excellent perfect love loved lovely happy glad congrats congratulations yay fantastic nice good " +
		"thanks thank brilliant win won beautiful excited exciting fun enjoy enjoyed cool hooray celebrate works " +
		"working fixed solved ready passed delighted proud")
	concernWords = wordSet("error errors failed fail fails failure broken crash crashed wrong bad problem problems " +
		"issue issues bug bugs invalid missing warning danger dangerous worried worry afraid scared angry hate " +
		"terrible awful horrible unfortunately cannot denied refused corrupt timeout")
	empathyWords = wordSet("sad sorry lonely tired hurt hurts pain miss lost cry crying upset difficult hard " +
		"stressed anxious depressed sick grief unhappy exhausted")
	negators     = wordSet("not no never none nothing neither nor hardly barely without")
	intensifiers = wordSet("very really so extremely super totally incredibly absolutely")
	excitedWords = wordSet("wow omg whoa urgent now immediately incredible unbelievable")
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// AnalyzeSentiment scores English text by keyword buckets, pure Go and
// offline. A negator ("not", "never", "don't" …) within three words before a
// sentiment word flips it ("not good" is negative); an intensifier ("very")
// strengthens it by half. Valence is score/√(score²+1); arousal grows with
// exclamation and question marks, shouting in capitals, excited words and
// strong valence.
func AnalyzeSentiment(text string) Sentiment {
	var score, arousal float64
	hits, sinceNeg, boost := 0, 99, 1.0
	for _, raw := range strings.FieldsFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' }) {
		w := strings.ToLower(strings.TrimFunc(raw, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }))
		arousal += punctuationArousal(raw)
		if isShout(raw) {
			arousal += 0.2
		}
		switch {
		case negators[w] || strings.HasSuffix(w, "n't"):
			sinceNeg = 0
			continue
		case intensifiers[w]:
			boost = 1.5
			continue
		case excitedWords[w]:
			arousal += 0.2
		}
		pol := 0.0
		switch {
		case celebrationWords[w]:
			pol = 1
		case concernWords[w], empathyWords[w]:
			pol = -1
		}
		if pol != 0 {
			if sinceNeg <= 3 {
				pol = -pol
			}
			score += pol * boost
			hits++
			boost = 1
		}
		sinceNeg++
	}
	v := score / math.Sqrt(score*score+1)
	arousal += math.Abs(v) * 0.3
	return Sentiment{Valence: float32(v), Arousal: float32(min(1, arousal)), Hits: hits}
}

func punctuationArousal(word string) float64 {
	a := 0.0
	for _, r := range word {
		switch r {
		case '!':
			a += 0.25
		case '?':
			a += 0.3
		}
	}
	return a
}

// isShout reports a word of three or more letters written in capitals.
func isShout(word string) bool {
	letters := 0
	for _, r := range word {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return false
			}
			letters++
		}
	}
	return letters >= 3
}
