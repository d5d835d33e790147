package diary

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Genesis is the prev hash of the first entry.
var Genesis = strings.Repeat("0", 64)

// Entry is one record of the diary. Payload is canonical JSON.
type Entry struct {
	Seq     uint64          `json:"seq"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
	Time    time.Time       `json:"time"`
	Prev    string          `json:"prev"`
	Hash    string          `json:"hash"`
}

// Head is the newest entry's sequence number and hash; the zero diary's head is
// {0, Genesis}.
type Head struct {
	Seq  uint64 `json:"seq"`
	Hash string `json:"hash"`
}

// Empty is the head of a diary with no entries.
func Empty() Head { return Head{Hash: Genesis} }

// AutoTypes are the bus event types the diary records automatically.
var AutoTypes = []string{"speak", "remember", "sign", "tool-call", "skill-done", "validate", "load-end"}

// HashOf returns the hex SHA-256 of the canonical JSON of an entry's hashed fields.
func HashOf(prev string, seq uint64, typ string, payload json.RawMessage, t time.Time) (string, error) {
	doc, err := Canonical(map[string]any{
		"prev":    prev,
		"seq":     seq,
		"type":    typ,
		"payload": json.RawMessage(nonEmpty(payload)),
		"time":    FormatTime(t),
	})
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(doc)
	return hex.EncodeToString(sum[:]), nil
}

// FormatTime is the form an entry's time is hashed in: RFC 3339 with nanoseconds, UTC.
func FormatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func nonEmpty(p json.RawMessage) json.RawMessage {
	if len(p) == 0 {
		return json.RawMessage("null")
	}
	return p
}

// Next returns the entry that follows head: typ and payload (any JSON-marshalable
// value, or raw JSON) at time t, canonicalised and hashed.
func Next(head Head, typ string, payload any, t time.Time) (Entry, error) {
	if typ == "" {
		return Entry{}, fmt.Errorf("diary: entry type is empty")
	}
	p, err := Canonical(payload)
	if err != nil {
		return Entry{}, err
	}
	e := Entry{Seq: head.Seq + 1, Type: typ, Payload: p, Time: t.Round(0).UTC(), Prev: head.Hash}
	if e.Hash, err = HashOf(e.Prev, e.Seq, e.Type, e.Payload, e.Time); err != nil {
		return Entry{}, err
	}
	return e, nil
}

// Head returns the head a diary has once e is its newest entry.
func (e *Entry) Head() Head { return Head{Seq: e.Seq, Hash: e.Hash} }
