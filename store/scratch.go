package store

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/dgraph-io/badger/v4"
)

const prefixScratch = "scratch/"

// Limits of the scratchpad.
const (
	// MaxScratchKey is the longest scratchpad key, in bytes.
	MaxScratchKey = 128
	// MaxScratchValue is the longest scratchpad value, in bytes.
	MaxScratchValue = 16 << 10
	// MaxScratchEntries is how many keys the scratchpad holds.
	MaxScratchEntries = 256
)

// scratchEntry is a scratchpad value as stored.
type scratchEntry struct {
	Value   string    `json:"value"`
	Updated time.Time `json:"updated"`
}

func scratchKey(key string) []byte { return []byte(prefixScratch + key) }

// Scratch is the agent's small key-value scratchpad: short notes the model
// keeps between turns and sessions, apart from its ranked memories.
type Scratch struct{ db *DB }

// Scratch is the agent's scratchpad.
func (db *DB) Scratch() *Scratch { return &Scratch{db: db} }

// CheckScratchKey reports why key cannot name a scratchpad entry: empty,
// longer than MaxScratchKey bytes, not valid UTF-8 or holding a control
// character.
func CheckScratchKey(key string) error {
	switch {
	case strings.TrimSpace(key) == "":
		return fmt.Errorf("%w: a scratchpad key cannot be empty", ErrInvalid)
	case len(key) > MaxScratchKey:
		return fmt.Errorf("%w: a scratchpad key may have at most %d bytes, %q… has %d", ErrInvalid, MaxScratchKey, key[:32], len(key))
	case !utf8.ValidString(key) || strings.ContainsFunc(key, unicode.IsControl):
		return fmt.Errorf("%w: the scratchpad key %q has a control character or is not valid text", ErrInvalid, key)
	}
	return nil
}

// Get returns the value stored under key; it fails with ErrNotFound when
// there is none.
func (s *Scratch) Get(key string) (string, error) {
	if err := CheckScratchKey(key); err != nil {
		return "", err
	}
	var e scratchEntry
	err := s.db.view("read scratchpad", func(txn *badger.Txn) error {
		err := getJSON(txn, scratchKey(key), &e)
		if errors.Is(err, badger.ErrKeyNotFound) {
			return fmt.Errorf("%w: nothing is stored under %q", ErrNotFound, key)
		}
		return err
	})
	return e.Value, err
}

// Set stores value under key, replacing what was there; an empty value
// deletes the key. It fails with ErrInvalid for a bad key or a value
// longer than MaxScratchValue, and with ErrFull when a new key would make
// more than MaxScratchEntries.
func (s *Scratch) Set(key, value string) error {
	if err := CheckScratchKey(key); err != nil {
		return err
	}
	if len(value) > MaxScratchValue {
		return fmt.Errorf("%w: a scratchpad value may have at most %d bytes, this one has %d", ErrInvalid, MaxScratchValue, len(value))
	}
	if value == "" {
		return s.db.update("clear scratchpad key", func(txn *badger.Txn) error { return txn.Delete(scratchKey(key)) })
	}
	return s.db.updateSerial("write scratchpad", func(txn *badger.Txn) error {
		if _, err := txn.Get(scratchKey(key)); errors.Is(err, badger.ErrKeyNotFound) {
			if n := countKeys(txn, prefixScratch); n >= MaxScratchEntries {
				return fmt.Errorf("%w: the scratchpad already holds %d keys; clear some (set them to \"\") first", ErrFull, n)
			}
		} else if err != nil {
			return err
		}
		return setJSON(txn, scratchKey(key), &scratchEntry{Value: value, Updated: s.db.now()})
	})
}

// Keys returns the scratchpad's keys in byte order.
func (s *Scratch) Keys() ([]string, error) {
	var keys []string
	err := s.db.view("list scratchpad", func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(prefixScratch)})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			keys = append(keys, strings.TrimPrefix(string(it.Item().Key()), prefixScratch))
		}
		return nil
	})
	return keys, err
}

// countKeys counts the keys under prefix.
func countKeys(txn *badger.Txn, prefix string) int {
	it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(prefix)})
	defer it.Close()
	n := 0
	for it.Rewind(); it.Valid(); it.Next() {
		n++
	}
	return n
}
