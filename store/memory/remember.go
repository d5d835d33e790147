package memory

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
)

// Remember is what the remember tool writes: key, name, description, type and body, plus
// the optional fields people and consolidation set. Writing a Remember whose Key is
// already stored updates that entry instead of adding another.
type Remember struct {
	Key         string    `json:"key"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Type        Type      `json:"type"`
	Body        string    `json:"body"`
	Tags        []string  `json:"tags,omitempty"`     // nil keeps an existing entry's tags
	Context     string    `json:"context,omitempty"`  // "" keeps an existing entry's context
	Salience    float64   `json:"salience,omitempty"` // 0 keeps the old value, or DefaultSalience
	ExpiresAt   time.Time `json:"expiresAt,omitzero"` // zero keeps the old value (none if new)
}

// Apply returns the entry that results from writing r at now over old, the entry stored
// under the same key (nil if there is none). The key is normalized with [NormalizeKey]
// (or derived from the name when empty); a new entry gets a fresh ID.
func (r Remember) Apply(old *Entry, now time.Time) (Entry, error) {
	key := r.NormalizedKey()
	if key == "" {
		return Entry{}, ErrEmptyKey
	}
	typ, err := ParseType(string(r.Type))
	if err != nil {
		return Entry{}, fmt.Errorf("memory %q: %w", key, err)
	}
	now = now.Round(0).UTC()
	var e Entry
	if old != nil {
		e = old.Clone()
	} else {
		e = Entry{ID: NewID(), Key: key, CreatedAt: now, Salience: DefaultSalience}
	}
	e.Name = strings.TrimSpace(r.Name)
	e.Description = strings.TrimSpace(r.Description)
	e.Type = typ
	e.Content = r.Body
	e.UpdatedAt = now
	if r.Tags != nil {
		e.Tags = NormalizeTags(r.Tags)
	}
	if r.Context != "" {
		e.Context = r.Context
	}
	if r.Salience != 0 {
		e.Salience = r.Salience
	}
	if !r.ExpiresAt.IsZero() {
		e.ExpiresAt = r.ExpiresAt.Round(0).UTC()
	}
	return e, e.Validate()
}

// NormalizedKey is the key r is stored under: its Key normalized with [NormalizeKey],
// or its Name normalized when Key is empty.
func (r Remember) NormalizedKey() string {
	if r.Key == "" {
		return NormalizeKey(r.Name)
	}
	return NormalizeKey(r.Key)
}

// NewID returns a random 128-bit identifier in hex.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

// Apply returns the entry that writing r at now would store in s, over the entry
// already stored under r's key if there is one (see [Remember.Apply]). It does not
// store it.
func (s *Set) Apply(r Remember, now time.Time) (Entry, error) {
	var old *Entry
	if e, ok := s.Get(r.NormalizedKey()); ok {
		old = &e
	}
	return r.Apply(old, now)
}
