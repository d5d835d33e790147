package llm

import "unicode/utf8"

// EstimateTokens approximates how many tokens text costs: about four bytes
// per token for ASCII and one token per 1.5 characters otherwise (Cyrillic,
// Greek, CJK tokenise denser). Cheap and deterministic; good to ~20%.
func EstimateTokens(text string) int {
	ascii, other := 0, 0
	for i := 0; i < len(text); {
		if text[i] < utf8.RuneSelf {
			ascii++
			i++
			continue
		}
		_, n := utf8.DecodeRuneInString(text[i:])
		i += n
		other++
	}
	return (ascii+3)/4 + (other*2+2)/3
}

// EstimateMessages approximates the tokens of a whole request body.
func EstimateMessages(system string, msgs []Message) int {
	n := EstimateTokens(system)
	for _, m := range msgs {
		n += 4 + EstimateTokens(m.Text)
		for _, c := range m.Calls {
			n += 8 + EstimateTokens(c.Name) + EstimateTokens(string(c.Args))
		}
		for _, r := range m.Results {
			n += 8 + EstimateTokens(r.Content)
		}
	}
	return n
}
