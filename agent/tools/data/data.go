package data

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/kin-companion/kin/agent/tools"
)

// Config caps what the data tools read and return. Zero fields take the
// defaults noted.
type Config struct {
	// MaxInput caps the text either tool accepts, in bytes (default 4 MiB).
	MaxInput int
	// MaxOutput caps the text a tool returns, in bytes (default 32 KiB);
	// longer results are cut with a note.
	MaxOutput int
	// MaxRows caps the rows parse_csv returns (default 200); the model may
	// ask for fewer with max_rows.
	MaxRows int
}

// Tools returns the data tools: parse_json and parse_csv, both low risk,
// read-only and concurrency-safe.
func Tools(cfg Config) []*tools.Tool {
	cfg = cfg.withDefaults()
	return []*tools.Tool{parseJSON(cfg), parseCSV(cfg)}
}

func (c Config) withDefaults() Config {
	if c.MaxInput <= 0 {
		c.MaxInput = 4 << 20
	}
	if c.MaxOutput <= 0 {
		c.MaxOutput = 32 << 10
	}
	if c.MaxRows <= 0 {
		c.MaxRows = 200
	}
	return c
}

// readOnly is the metadata both tools share.
var readOnly = tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low}

// checkText insists on a non-empty text argument no larger than max.
func checkText(tool string, text *string, max int) error {
	switch {
	case text == nil:
		return fmt.Errorf("%s: the argument \"text\" is missing; pass the document itself as a string", tool)
	case strings.TrimSpace(*text) == "":
		return fmt.Errorf("%s: the argument \"text\" is empty; pass the document itself as a string", tool)
	case len(*text) > max:
		return fmt.Errorf("%s: the text is %d bytes, more than the %d this tool reads; pass a smaller part of it", tool, len(*text), max)
	}
	return nil
}

// capOutput cuts s to at most max bytes at a line or rune boundary and
// appends note (already formatted) when it does.
func capOutput(s string, max int, note string) string {
	if len(s) <= max {
		return s
	}
	cut := s[:max]
	if i := strings.LastIndexByte(cut, '\n'); i > max/2 {
		cut = cut[:i]
	}
	for !utf8.ValidString(cut) && len(cut) > 0 {
		cut = cut[:len(cut)-1]
	}
	return cut + "\n" + note
}

// clip shortens s to about n runes for a summary, marking the cut.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
