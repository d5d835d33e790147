package memory

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Type is a memory's category; it decides the salience bonus.
type Type string

// The four memory types.
const (
	User      Type = "user"      // who the user is, their preferences and expertise
	Feedback  Type = "feedback"  // corrections and confirmations that shape behaviour
	Project   Type = "project"   // ongoing work: goals, deadlines, context
	Reference Type = "reference" // pointers to external resources
)

// Types lists the memory types in display order.
var Types = []Type{User, Feedback, Project, Reference}

// ParseType returns the Type named s (case-insensitive), or an error naming the choices.
func ParseType(s string) (Type, error) {
	t := Type(strings.ToLower(strings.TrimSpace(s)))
	if slices.Contains(Types, t) {
		return t, nil
	}
	return "", fmt.Errorf("memory: unknown type %q (want user, feedback, project or reference)", s)
}

// Bonus is the salience a type adds when ranking.
func (t Type) Bonus() float64 {
	switch t {
	case Feedback:
		return 0.3
	case User:
		return 0.2
	case Project:
		return 0.1
	}
	return 0
}

// DefaultSalience is the salience of a memory written without one.
const DefaultSalience = 0.5

// Entry is one durable memory.
type Entry struct {
	ID          string    `json:"id"`
	Key         string    `json:"key"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Type        Type      `json:"type"`
	Content     string    `json:"content"`
	Tags        []string  `json:"tags,omitempty"`
	Context     string    `json:"context,omitempty"`
	Salience    float64   `json:"salience"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	ExpiresAt   time.Time `json:"expiresAt,omitzero"`
}

// Expired reports whether e has an expiry at or before now.
func (e *Entry) Expired(now time.Time) bool {
	return !e.ExpiresAt.IsZero() && !e.ExpiresAt.After(now)
}

// Clone returns a copy of e that shares no slices with it.
func (e *Entry) Clone() Entry {
	c := *e
	c.Tags = slices.Clone(e.Tags)
	return c
}

// Validate reports the first problem that keeps e from being stored.
func (e *Entry) Validate() error {
	switch {
	case e.Key == "" || NormalizeKey(e.Key) != e.Key:
		return fmt.Errorf("memory: bad key %q (want lower-case letters, digits, _ - .)", e.Key)
	case strings.TrimSpace(e.Name) == "":
		return fmt.Errorf("memory %q: name is empty", e.Key)
	case strings.TrimSpace(e.Content) == "":
		return fmt.Errorf("memory %q: content is empty", e.Key)
	case e.Salience < 0 || e.Salience > 1 || e.Salience != e.Salience:
		return fmt.Errorf("memory %q: salience %v is outside 0–1", e.Key, e.Salience)
	}
	if _, err := ParseType(string(e.Type)); err != nil {
		return fmt.Errorf("memory %q: %w", e.Key, err)
	}
	return nil
}

// ErrEmptyKey is returned for a key with no usable characters.
var ErrEmptyKey = errors.New("memory: key is empty")

// MaxKeyLen is the longest key, in bytes.
const MaxKeyLen = 100

// NormalizeKey maps s to a key: lower case, every run of characters other than a–z, 0–9,
// '_', '-' and '.' replaced by one '_', no leading or trailing '_' or '.', at most
// [MaxKeyLen] bytes. "User Role" becomes "user_role". It returns "" when nothing is left.
func NormalizeKey(s string) string {
	var b strings.Builder
	under := false
	for _, r := range strings.ToLower(s) {
		ok := r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.'
		if !ok {
			under = true
			continue
		}
		if under && b.Len() > 0 {
			b.WriteByte('_')
		}
		under = false
		b.WriteRune(r)
	}
	k := b.String()
	if len(k) > MaxKeyLen {
		k = k[:MaxKeyLen]
	}
	return strings.Trim(k, "_.")
}

// NormalizeTags trims, lower-cases and de-duplicates tags, keeping their order; it
// returns nil for no tags.
func NormalizeTags(tags []string) []string {
	var out []string
	for _, t := range tags {
		t = strings.ToLower(strings.TrimSpace(t))
		if t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}
