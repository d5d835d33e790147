package store

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/kin-companion/kin/store/diary"
)

// diaryOf returns an open store whose diary holds n entries.
func diaryOf(t *testing.T, n int) *DB {
	t.Helper()
	clk := newClock()
	db := openTest(t, Options{Now: clk.Now})
	for i := range n {
		clk.Add(time.Second)
		if _, err := db.Diary().Record("speak", map[string]any{"text": "hello", "n": i}, time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

func rawEntry(t *testing.T, db *DB, seq uint64) diary.Entry {
	t.Helper()
	var e diary.Entry
	if err := db.bdb.View(func(txn *badger.Txn) error { return getJSON(txn, seqKey(prefixDiary, seq), &e) }); err != nil {
		t.Fatal(err)
	}
	return e
}

func putRaw(t *testing.T, db *DB, seq uint64, e *diary.Entry) {
	t.Helper()
	if err := db.bdb.Update(func(txn *badger.Txn) error { return setJSON(txn, seqKey(prefixDiary, seq), e) }); err != nil {
		t.Fatal(err)
	}
}

func delRaw(t *testing.T, db *DB, seq uint64) {
	t.Helper()
	if err := db.bdb.Update(func(txn *badger.Txn) error { return txn.Delete(seqKey(prefixDiary, seq)) }); err != nil {
		t.Fatal(err)
	}
}

func TestDiaryChainsAndVerifies(t *testing.T) {
	db := diaryOf(t, 5)
	head, n, err := db.Diary().Verify()
	if err != nil || n != 5 || head != db.Diary().Head() {
		t.Fatalf("Verify = %v, %d, %v", head, n, err)
	}
	first, second := rawEntry(t, db, 1), rawEntry(t, db, 2)
	if first.Prev != diary.Genesis || second.Prev != first.Hash || string(first.Payload) != `{"n":0,"text":"hello"}` {
		t.Errorf("entries: %+v %+v", first, second)
	}
	recent, err := db.Diary().Recent(2)
	if err != nil || len(recent) != 2 || recent[1].Seq != 5 {
		t.Errorf("Recent(2) = %v, %v", recent, err)
	}
	// The chain continues across a reopen.
	dir := db.opts.Dir
	db.Close()
	db = openTest(t, Options{Dir: dir})
	e, err := db.Diary().Record("remember", json.RawMessage(`{"key": "k"}`), time.Time{})
	if err != nil || e.Seq != 6 || e.Prev != head.Hash {
		t.Fatalf("append after reopen: %+v, %v", e, err)
	}
	if _, n, err := db.Diary().Verify(); err != nil || n != 6 {
		t.Errorf("Verify after reopen = %d, %v", n, err)
	}
}

func TestDiaryVerifyDetectsTampering(t *testing.T) {
	cases := []struct {
		name    string
		tamper  func(t *testing.T, db *DB)
		wantSeq uint64
	}{
		{"edited payload", func(t *testing.T, db *DB) {
			e := rawEntry(t, db, 3)
			e.Payload = json.RawMessage(`{"n":2,"text":"goodbye"}`)
			putRaw(t, db, 3, &e)
		}, 3},
		{"edited type", func(t *testing.T, db *DB) {
			e := rawEntry(t, db, 2)
			e.Type = "sign"
			putRaw(t, db, 2, &e)
		}, 2},
		{"edited time", func(t *testing.T, db *DB) {
			e := rawEntry(t, db, 4)
			e.Time = e.Time.Add(time.Hour)
			putRaw(t, db, 4, &e)
		}, 4},
		{"edited and rehashed", func(t *testing.T, db *DB) {
			e := rawEntry(t, db, 3)
			e.Payload = json.RawMessage(`{"n":2,"text":"goodbye"}`)
			e.Hash, _ = diary.HashOf(e.Prev, e.Seq, e.Type, e.Payload, e.Time)
			putRaw(t, db, 3, &e)
		}, 4},
		{"removed from the middle", func(t *testing.T, db *DB) { delRaw(t, db, 3) }, 3},
		{"removed first", func(t *testing.T, db *DB) { delRaw(t, db, 1) }, 1},
		{"removed last", func(t *testing.T, db *DB) { delRaw(t, db, 5) }, 5},
		{"swapped", func(t *testing.T, db *DB) {
			a, b := rawEntry(t, db, 2), rawEntry(t, db, 3)
			putRaw(t, db, 2, &b)
			putRaw(t, db, 3, &a)
		}, 2},
		{"swapped and renumbered", func(t *testing.T, db *DB) {
			a, b := rawEntry(t, db, 2), rawEntry(t, db, 3)
			a.Seq, b.Seq = 3, 2
			putRaw(t, db, 2, &b)
			putRaw(t, db, 3, &a)
		}, 2},
		{"appended behind its back", func(t *testing.T, db *DB) {
			last := rawEntry(t, db, 5)
			e, _ := diary.Next(last.Head(), "sign", "forged", last.Time)
			putRaw(t, db, 6, &e)
		}, 6},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			db := diaryOf(t, 5)
			tc.tamper(t, db)
			_, _, err := db.Diary().Verify()
			var broken *diary.BrokenError
			if !errors.As(err, &broken) {
				t.Fatalf("Verify = %v, want a BrokenError", err)
			}
			if broken.Seq != tc.wantSeq {
				t.Errorf("broken at %d, want %d: %v", broken.Seq, tc.wantSeq, err)
			}
			t.Log(err)
		})
	}
}

func TestDiaryRejectsEmptyTypeAndBadPayload(t *testing.T) {
	d := openTest(t, Options{}).Diary()
	if _, err := d.Record("", nil, time.Time{}); !errors.Is(err, ErrInvalid) {
		t.Errorf("empty type: %v", err)
	}
	if _, err := d.Record("speak", func() {}, time.Time{}); !errors.Is(err, ErrInvalid) {
		t.Errorf("unmarshalable payload: %v", err)
	}
	if d.Head().Seq != 0 {
		t.Error("a rejected entry moved the head")
	}
}
