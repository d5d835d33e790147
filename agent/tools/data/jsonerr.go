package data

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// decodeJSON parses text as one JSON value, numbers kept exactly as
// json.Number. Its errors say what is wrong and where, by line and column,
// with the offending line shown.
func decodeJSON(text string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, explainJSON(text, err)
	}
	rest := text[dec.InputOffset():]
	if trimmed := strings.TrimLeft(rest, " \t\r\n"); trimmed != "" {
		at := len(text) - len(trimmed)
		return nil, errorAt(text, at, "there is more text after the end of the JSON value (only one value is allowed; wrap several in [ ])")
	}
	return v, nil
}

// explainJSON turns a decoding error into a sentence with its place.
func explainJSON(text string, err error) error {
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &syn):
		at := max(int(syn.Offset)-1, 0)
		return errorAt(text, at, syn.Error()+hint(text, at, syn.Error()))
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return errorAt(text, len(text), "the text ends in the middle of a JSON value (a closing }, ] or \" may be missing)")
	}
	return fmt.Errorf("the text is not valid JSON: %w", err)
}

// hint adds advice for the mistakes people and models make most.
func hint(text string, at int, msg string) string {
	var c byte
	if at < len(text) {
		c = text[at]
	}
	prev := strings.TrimRight(text[:at], " \t\r\n")
	switch {
	case c == '\'':
		return " (JSON needs double quotes around strings and names, not single quotes)"
	case (c == '}' || c == ']') && strings.HasSuffix(prev, ","):
		return " (JSON allows no comma before a closing } or ])"
	case c == '/' || c == '#':
		return " (JSON has no comments)"
	case strings.Contains(msg, "looking for beginning of object key string"):
		return " (names in a JSON object must be in double quotes)"
	}
	return ""
}

// errorAt is an error for the problem msg at byte offset at of text.
func errorAt(text string, at int, msg string) error {
	line, col, src := locate(text, at)
	return fmt.Errorf("the text is not valid JSON: %s, at line %d, column %d:\n%s", msg, line, col, src)
}

// locate returns the 1-based line and column (in characters) of byte
// offset at, and that line (clipped around the column) with a caret
// under the place.
func locate(text string, at int) (line, col int, src string) {
	at = min(max(at, 0), len(text))
	start := strings.LastIndexByte(text[:at], '\n') + 1
	end := strings.IndexByte(text[at:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += at
	}
	line = strings.Count(text[:at], "\n") + 1
	before := []rune(strings.TrimRight(text[start:at], "\r"))
	col = len(before) + 1
	after := []rune(strings.TrimRight(text[at:end], "\r"))
	const width = 40
	lead := ""
	if len(before) > width {
		before, lead = before[len(before)-width:], "…"
	}
	tail := ""
	if len(after) > width {
		after, tail = after[:width], "…"
	}
	shown := lead + string(before) + string(after) + tail
	caret := strings.Repeat(" ", utf8.RuneCountInString(lead)+len(before)) + "^"
	return line, col, "  " + strings.ReplaceAll(shown, "\t", " ") + "\n  " + caret
}
