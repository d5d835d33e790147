package diary

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Canonical returns the canonical JSON of v: v is marshalled, decoded keeping numbers as
// written, and encoded again with object keys sorted, no insignificant whitespace and no
// HTML escaping. A [json.RawMessage] or []byte holding JSON is canonicalised as that JSON.
func Canonical(v any) ([]byte, error) {
	var raw []byte
	switch x := v.(type) {
	case json.RawMessage:
		raw = x
	case []byte:
		raw = x
	default:
		var err error
		if raw, err = json.Marshal(v); err != nil {
			return nil, fmt.Errorf("diary: canonical: %w", err)
		}
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		raw = []byte("null")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return nil, fmt.Errorf("diary: canonical: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("diary: canonical: more than one JSON value")
	}
	return encode(tree)
}

// encode writes a decoded JSON tree compactly; encoding/json sorts map keys.
func encode(tree any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(tree); err != nil {
		return nil, fmt.Errorf("diary: canonical: %w", err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
