package data

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// format writes the table for the model: a summary line, then a JSON
// array of row objects keyed by column, one row per line, within max
// bytes, with notes for rows left out.
func (t *table) format(max int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s, %d %s (%s), delimiter %s", t.total, plural(t.total, "row"), len(t.columns),
		plural(len(t.columns), "column"), columnList(t.columns), delimiterName(t.comma))
	if t.ragged > 0 {
		fmt.Fprintf(&b, "; %d %s a different number of fields than the header (missing fields are left out, extra ones get columnN keys)",
			t.ragged, plural2(t.ragged, "row has", "rows have"))
	}
	b.WriteString("\n[")
	shown := 0
	for i, rec := range t.rows {
		line := t.rowJSON(rec)
		if b.Len()+len(line)+2 > max {
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n")
		b.WriteString(line)
		shown++
	}
	b.WriteString("\n]")
	if shown == 0 && len(t.rows) > 0 {
		fmt.Fprintf(&b, "\n[truncated: the first row alone is longer than the %d bytes this tool returns]", max)
	} else if shown < t.total {
		fmt.Fprintf(&b, "\n[truncated: showing the first %d of %d rows; pass max_rows for fewer, or split the text to read the rest]", shown, t.total)
	}
	return b.String()
}

// columnList names the columns on one line: a name with a control
// character (a line break in a quoted header) is shown quoted.
func columnList(cols []string) string {
	shown := make([]string, len(cols))
	for i, c := range cols {
		shown[i] = c
		if strings.ContainsFunc(c, unicode.IsControl) {
			shown[i] = strconv.Quote(c)
		}
	}
	return strings.Join(shown, ", ")
}

// rowJSON writes one row as a JSON object with the columns in order.
func (t *table) rowJSON(rec []string) string {
	var b []byte
	b = append(b, '{')
	for i, v := range rec {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, t.columns[i])
		b = append(b, ':')
		b = appendJSONString(b, v)
	}
	return string(append(b, '}'))
}

// plural2 picks the singular or plural phrase for n.
func plural2(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// appendJSONString appends s as a JSON string; invalid UTF-8 becomes
// U+FFFD and <, > and & stay as they are.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			b = append(b, c)
			i++
			continue
		}
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			if c < 0x20 {
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
				break
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			b = utf8.AppendRune(b, r) // RuneError for invalid bytes
			i += size
			continue
		}
		i++
	}
	return append(b, '"')
}
