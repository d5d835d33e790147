package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// loadJSON reads an older config.json (the format before config.yaml).
func loadJSON(path string, data []byte) (Settings, error) {
	var s Settings
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Settings{}, fmt.Errorf("%s: %s", path, describe(data, err))
	}
	if err := s.check(); err != nil {
		return Settings{}, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// describe turns a JSON decoding error into "line L, column C: …" or
// "field F: …".
func describe(data []byte, err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		l, c := position(data, syn.Offset)
		return fmt.Sprintf("line %d, column %d: %v", l, c, syn)
	case errors.As(err, &typ):
		return fmt.Sprintf("field %s must be %s, not %s", typ.Field, typ.Type, typ.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		return strings.TrimPrefix(err.Error(), "json: ") + " (known: " + keyNames() + ")"
	}
	return err.Error()
}

func position(data []byte, off int64) (line, col int) {
	line, col = 1, 1
	for _, b := range data[:min(int(off), len(data))] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
