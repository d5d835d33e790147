package web

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
)

// decodeText returns body as UTF-8. The encoding comes from a byte-order
// mark, the Content-Type charset or an HTML <meta charset>; with none of
// them, UTF-8 when the bytes are valid UTF-8, else windows-1252.
func decodeText(body []byte, contentType string) string {
	enc, name, certain := charset.DetermineEncoding(body, contentType)
	if !certain && name == "windows-1252" && utf8.Valid(trimPartialRune(body)) {
		name = "utf-8"
	}
	if name == "utf-8" {
		return strings.ToValidUTF8(strings.TrimPrefix(string(body), "\ufeff"), "\uFFFD")
	}
	out, err := enc.NewDecoder().Bytes(body)
	if err != nil {
		return strings.ToValidUTF8(string(body), "\uFFFD")
	}
	return strings.TrimPrefix(string(out), "\ufeff")
}

// trimPartialRune drops a character cut in half at the end of b (a capped
// download ends anywhere).
func trimPartialRune(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			break
		}
	}
	return b
}

// capText cuts s to at most n characters, on a line or word boundary when
// one is near, and says what was left out. pruned says s was made from a
// page already cut short; download that the download was capped.
func capText(s string, n int, pruned, download bool) string {
	s = strings.TrimSpace(s)
	total := utf8.RuneCountInString(s)
	var notes []string
	switch {
	case total > n:
		cut := runeOffset(s, n)
		if i := strings.LastIndexAny(s[:cut], "\n "); i > cut*9/10 {
			cut = i
		}
		s = strings.TrimSpace(s[:cut])
		of := fmt.Sprintf("of %d characters", total)
		if pruned {
			of = "of a longer page"
		}
		notes = append(notes, fmt.Sprintf("[truncated: showing the first %d characters %s]", utf8.RuneCountInString(s), of))
	case pruned:
		notes = append(notes, "[truncated: the rest of the page is left out]")
	}
	if download {
		notes = append(notes, fmt.Sprintf("[the download was larger than %d MB; only its beginning was read]", maxDownload>>20))
	}
	if len(notes) == 0 {
		return s
	}
	return s + "\n\n" + strings.Join(notes, "\n")
}

// runeOffset returns the byte offset of the n-th character of s.
func runeOffset(s string, n int) int {
	i := 0
	for off := range s {
		if i == n {
			return off
		}
		i++
	}
	return len(s)
}
