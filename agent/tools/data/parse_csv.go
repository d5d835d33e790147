package data

import (
	"context"
	_ "embed"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed parse_csv.md
var parseCSVDescription string

var parseCSVSchema = json.RawMessage(`{"type":"object","properties":{
 "text":{"type":"string","description":"The CSV text itself"},
 "delimiter":{"type":"string","description":"Field separator: \",\", \";\", \"tab\", \"|\" or another single character (default: guessed from the first line)"},
 "header":{"type":"boolean","default":true,"description":"Whether the first row names the columns (default true); without one the keys are column1, column2, …"},
 "max_rows":{"type":"integer","minimum":1,"description":"Return at most this many rows (default and most: 200)"}},
 "required":["text"]}`)

// parseCSVArgs are parse_csv's arguments.
type parseCSVArgs struct {
	Text      *string `json:"text"`
	Delimiter string  `json:"delimiter"`
	Header    *bool   `json:"header"`
	MaxRows   int     `json:"max_rows"`
}

func parseCSV(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "parse_csv", Description: parseCSVDescription, Schema: parseCSVSchema,
		Meta: readOnly,
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[parseCSVArgs]("parse_csv", args, parseCSVSchema)
			n := 0
			if a.Text != nil {
				n = strings.Count(strings.TrimRight(*a.Text, "\r\n"), "\n") + 1
			}
			return tools.Assessment{Summary: fmt.Sprintf("read a CSV text of about %d %s into rows", n, plural(n, "line"))}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[parseCSVArgs]("parse_csv", args, parseCSVSchema)
			if err != nil {
				return "", err
			}
			if err := checkText("parse_csv", a.Text, cfg.MaxInput); err != nil {
				return "", err
			}
			opts, err := csvOptions(cfg, a)
			if err != nil {
				return "", fmt.Errorf("parse_csv: %w", err)
			}
			table, err := readCSV(ctx, *a.Text, opts)
			if err != nil {
				return "", fmt.Errorf("parse_csv: %w", err)
			}
			return table.format(cfg.MaxOutput), nil
		}}
}

// csvOpts are parse_csv's arguments checked and defaulted.
type csvOpts struct {
	comma   rune // 0: guess
	header  bool
	maxRows int
}

func csvOptions(cfg Config, a parseCSVArgs) (csvOpts, error) {
	o := csvOpts{header: a.Header == nil || *a.Header, maxRows: cfg.MaxRows}
	if a.MaxRows < 0 {
		return o, fmt.Errorf("max_rows must be 1 or more, not %d", a.MaxRows)
	}
	if a.MaxRows > 0 {
		o.maxRows = min(a.MaxRows, cfg.MaxRows)
	}
	if a.Delimiter == "" {
		return o, nil
	}
	d := a.Delimiter
	switch strings.ToLower(d) {
	case "tab", `\t`, "\t":
		d = "\t"
	case "comma":
		d = ","
	case "semicolon":
		d = ";"
	case "pipe":
		d = "|"
	case "space":
		d = " "
	}
	r := []rune(d)
	if len(r) != 1 || r[0] == '"' || r[0] == '\r' || r[0] == '\n' || r[0] == 0xFFFD {
		return o, fmt.Errorf("delimiter must be one character such as \",\", \";\", \"|\" or \"tab\" (not a quote or a line break), not %q", a.Delimiter)
	}
	o.comma = r[0]
	return o, nil
}

// table is what parse_csv read.
type table struct {
	comma   rune
	columns []string   // keys, in order
	rows    [][]string // the rows kept
	total   int        // rows read, kept or not
	ragged  int        // rows with a different number of fields than the header
}

// readCSV reads text into a table, keeping at most o.maxRows rows and
// counting the rest.
func readCSV(ctx context.Context, text string, o csvOpts) (*table, error) {
	text = strings.TrimPrefix(text, "\uFEFF")
	t := &table{comma: o.comma}
	if t.comma == 0 {
		t.comma = sniff(text)
	}
	r := csv.NewReader(strings.NewReader(text))
	r.Comma, r.FieldsPerRecord = t.comma, -1
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, explainCSV(err)
		}
		if o.header && t.columns == nil {
			t.columns = headerKeys(rec)
			continue
		}
		if t.total%1024 == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("%w after %d rows (%w)", errCanceled, t.total, context.Cause(ctx))
		}
		t.add(rec, o)
	}
	return t, nil
}

// add counts rec and keeps it while there is room.
func (t *table) add(rec []string, o csvOpts) {
	t.total++
	if o.header && len(rec) != len(t.columns) {
		t.ragged++
	}
	for len(t.columns) < len(rec) {
		t.columns = append(t.columns, fmt.Sprintf("column%d", len(t.columns)+1))
	}
	if len(t.rows) < o.maxRows {
		t.rows = append(t.rows, rec)
	}
}

// headerKeys turns a header row into unique, non-empty keys.
func headerKeys(rec []string) []string {
	keys := make([]string, len(rec))
	seen := map[string]int{}
	for i, name := range rec {
		k := strings.TrimSpace(name)
		if k == "" {
			k = fmt.Sprintf("column%d", i+1)
		}
		seen[k]++
		if n := seen[k]; n > 1 {
			k = fmt.Sprintf("%s_%d", k, n)
		}
		keys[i] = k
	}
	return keys
}

// sniff guesses the delimiter from the first line: the most frequent of
// , ; tab and | outside quotes, "," when none occurs.
func sniff(text string) rune {
	line, _, _ := strings.Cut(text, "\n")
	counts := map[rune]int{}
	quoted := false
	for _, c := range line {
		if c == '"' {
			quoted = !quoted
		} else if !quoted && strings.ContainsRune(",;\t|", c) {
			counts[c]++
		}
	}
	best := ','
	for _, c := range []rune{';', '\t', '|'} {
		if counts[c] > counts[best] {
			best = c
		}
	}
	return best
}

// explainCSV says what is wrong with the text and where.
func explainCSV(err error) error {
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return fmt.Errorf("the text could not be read as CSV: %w", err)
	}
	where := fmt.Sprintf("line %d, column %d", pe.Line, pe.Column)
	switch {
	case errors.Is(pe.Err, csv.ErrBareQuote):
		return fmt.Errorf("the text is not valid CSV at %s: a field that is not in quotes contains a quote; "+
			"put the whole field in quotes and write the quote twice, e.g. \"say \"\"hi\"\"\"", where)
	case errors.Is(pe.Err, csv.ErrQuote):
		return fmt.Errorf("the text is not valid CSV at %s: the quoted field that starts on line %d is not closed "+
			"or has text after its closing quote; a quote inside a quoted field is written twice (\"\")", where, pe.StartLine)
	}
	return fmt.Errorf("the text is not valid CSV at %s: %w", where, pe.Err)
}

func delimiterName(c rune) string {
	switch c {
	case '\t':
		return "tab"
	case ' ':
		return "space"
	}
	return fmt.Sprintf("%q", string(c))
}
