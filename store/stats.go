package store

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/dgraph-io/badger/v4"
)

const (
	keyStatsTotal      = "stats/total"
	prefixStatsSession = "stats/s/"
)

// Limits of the run statistics.
const (
	// KeptStatSessions is how many sessions keep their own counts; the
	// oldest are dropped (their counts stay in the total).
	KeptStatSessions = 100
	// MaxSessionID is the longest session id, in bytes.
	MaxSessionID = 100
)

// RunStats counts what the agent's turns cost: turns, model calls
// (rounds), tokens as the providers reported them, and tool calls by
// tool name. For a session, Started and Updated say when it began and
// last counted something.
type RunStats struct {
	Turns        int            `json:"turns"`
	Rounds       int            `json:"rounds"`
	InputTokens  int            `json:"inputTokens"`
	OutputTokens int            `json:"outputTokens"`
	ToolCalls    map[string]int `json:"toolCalls,omitempty"`
	Started      time.Time      `json:"started,omitzero"`
	Updated      time.Time      `json:"updated,omitzero"`
}

// add adds d's counts to s.
func (s *RunStats) add(d RunStats) {
	s.Turns += d.Turns
	s.Rounds += d.Rounds
	s.InputTokens += d.InputTokens
	s.OutputTokens += d.OutputTokens
	for name, n := range d.ToolCalls {
		if s.ToolCalls == nil {
			s.ToolCalls = map[string]int{}
		}
		s.ToolCalls[name] += n
	}
}

// Session is one session's counts; ID is what the companion named it
// (by convention its start time, so ids sort by age).
type Session struct {
	ID string `json:"id"`
	RunStats
}

// Stats keeps the run statistics: the total since the store was made and
// the last KeptStatSessions sessions.
type Stats struct{ db *DB }

// Stats is the agent's run statistics.
func (db *DB) Stats() *Stats { return &Stats{db: db} }

// Add adds d to session's counts and to the total, in one durable
// transaction. The first Add of a session starts it and drops the oldest
// sessions beyond KeptStatSessions. It fails with ErrInvalid for an empty
// or too long session id.
func (s *Stats) Add(session string, d RunStats) error {
	if session == "" || len(session) > MaxSessionID {
		return fmt.Errorf("%w: a stats session id must be 1 to %d bytes, not %q", ErrInvalid, MaxSessionID, session)
	}
	now := s.db.now()
	return s.db.updateSerial("count run stats", func(txn *badger.Txn) error {
		var total RunStats
		if err := statsGet(txn, []byte(keyStatsTotal), &total); err != nil {
			return err
		}
		total.add(d)
		total.Updated = now
		key := []byte(prefixStatsSession + session)
		var ses RunStats
		if err := statsGet(txn, key, &ses); err != nil {
			return err
		}
		if ses.Started.IsZero() {
			ses.Started = now
			if err := pruneSessions(txn, KeptStatSessions-1); err != nil {
				return err
			}
		}
		ses.add(d)
		ses.Updated = now
		if err := setJSON(txn, []byte(keyStatsTotal), total); err != nil {
			return err
		}
		return setJSON(txn, key, ses)
	})
}

// Total returns the counts of every session so far (zero before any).
func (s *Stats) Total() (RunStats, error) {
	var total RunStats
	err := s.db.view("read run stats", func(txn *badger.Txn) error {
		return statsGet(txn, []byte(keyStatsTotal), &total)
	})
	return total, err
}

// Sessions returns the kept sessions, the most recently started first.
func (s *Stats) Sessions() ([]Session, error) {
	var out []Session
	err := s.db.view("read run stats", func(txn *badger.Txn) error {
		var err error
		out, err = readSessions(txn)
		return err
	})
	return out, err
}

// readSessions reads every kept session, newest first.
func readSessions(txn *badger.Txn) ([]Session, error) {
	it := txn.NewIterator(badger.IteratorOptions{PrefetchValues: true, Prefix: []byte(prefixStatsSession)})
	defer it.Close()
	var out []Session
	for it.Rewind(); it.Valid(); it.Next() {
		key := it.Item().KeyCopy(nil)
		var ses Session
		if err := it.Item().Value(func(b []byte) error { return decodeJSON(key, b, &ses.RunStats) }); err != nil {
			return nil, err
		}
		ses.ID = strings.TrimPrefix(string(key), prefixStatsSession)
		out = append(out, ses)
	}
	slices.SortStableFunc(out, func(a, b Session) int { return b.Started.Compare(a.Started) })
	return out, nil
}

// pruneSessions drops the oldest sessions until at most keep remain.
func pruneSessions(txn *badger.Txn, keep int) error {
	all, err := readSessions(txn)
	if err != nil || len(all) <= keep {
		return err
	}
	for _, ses := range all[keep:] {
		if err := txn.Delete([]byte(prefixStatsSession + ses.ID)); err != nil {
			return err
		}
	}
	return nil
}

// statsGet is getJSON that leaves v alone when key is absent.
func statsGet(txn *badger.Txn, key []byte, v any) error {
	if err := getJSON(txn, key, v); err != nil && !errors.Is(err, badger.ErrKeyNotFound) {
		return err
	}
	return nil
}
