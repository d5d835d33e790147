package store

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/kin-companion/kin/store/diary"
)

const prefixDiary = "diary/e/"

var keyDiaryHead = []byte("diary/head")

// Diary is the agent's tamper-evident action diary: entries hash-chained with SHA-256
// over canonical JSON (see package diary). Appends are serialised; each commits the
// entry and the new head together.
type Diary struct {
	db   *DB
	mu   sync.Mutex
	head diary.Head
}

func (d *Diary) load() error {
	d.head = diary.Empty()
	return d.db.view("load diary", func(txn *badger.Txn) error {
		err := getJSON(txn, keyDiaryHead, &d.head)
		if errors.Is(err, badger.ErrKeyNotFound) {
			if lastSeq(txn, prefixDiary) != 0 {
				return fmt.Errorf("%w: diary has entries but no head", ErrCorrupt)
			}
			return nil
		}
		return err
	})
}

// Record appends an entry of type typ with payload (any JSON-marshalable value, or raw
// JSON) at time at (the zero time means now). It returns once the entry is on disk.
// This is what the bus wiring calls for the types in diary.AutoTypes.
func (d *Diary) Record(typ string, payload any, at time.Time) (diary.Entry, error) {
	if at.IsZero() {
		at = d.db.now()
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	e, err := diary.Next(d.head, typ, payload, at)
	if err != nil {
		return diary.Entry{}, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	head := e.Head()
	err = d.db.update("diary append", func(txn *badger.Txn) error {
		if err := setJSON(txn, seqKey(prefixDiary, e.Seq), &e); err != nil {
			return err
		}
		return setJSON(txn, keyDiaryHead, &head)
	})
	if err != nil {
		return diary.Entry{}, err
	}
	d.head = head
	return e, nil
}

// Head is the newest entry's sequence number and hash.
func (d *Diary) Head() diary.Head {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.head
}

// Walk calls fn with each entry from sequence number from on, in order, until fn
// returns an error (which Walk returns) or the entries run out.
func (d *Diary) Walk(from uint64, fn func(at uint64, e *diary.Entry) error) error {
	return d.db.view("read diary", func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{PrefetchValues: true, PrefetchSize: 64, Prefix: []byte(prefixDiary)})
		defer it.Close()
		for it.Seek(seqKey(prefixDiary, from)); it.Valid(); it.Next() {
			item := it.Item()
			var e diary.Entry
			if err := item.Value(func(b []byte) error { return decodeJSON(item.Key(), b, &e) }); err != nil {
				return err
			}
			if err := fn(keySeq(item.Key()), &e); err != nil {
				return err
			}
		}
		return nil
	})
}

// Recent returns the last n entries, oldest first.
func (d *Diary) Recent(n int) ([]diary.Entry, error) {
	from := uint64(1)
	if h := d.Head(); h.Seq > uint64(n) {
		from = h.Seq - uint64(n) + 1
	}
	var out []diary.Entry
	err := d.Walk(from, func(_ uint64, e *diary.Entry) error {
		out = append(out, *e)
		return nil
	})
	return out, err
}

// Verify walks the whole chain as stored and checks every link and hash and the stored
// head. It returns the verified head and the number of entries, or a
// *diary.BrokenError saying where and how the chain breaks.
func (d *Diary) Verify() (diary.Head, uint64, error) {
	var v diary.Verifier
	err := d.Walk(0, func(at uint64, e *diary.Entry) error { return v.Check(at, e) })
	if err != nil {
		return diary.Head{}, 0, err
	}
	var stored diary.Head
	err = d.db.view("read diary head", func(txn *badger.Txn) error {
		err := getJSON(txn, keyDiaryHead, &stored)
		if errors.Is(err, badger.ErrKeyNotFound) {
			stored = diary.Empty()
			return nil
		}
		return err
	})
	if err != nil {
		return diary.Head{}, 0, err
	}
	return v.Finish(stored)
}
