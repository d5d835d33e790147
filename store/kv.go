package store

import (
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/dgraph-io/badger/v4"
)

// update runs fn in a read-write transaction committed durably, after checking for
// free space; errors are mapped with mapErr.
func (db *DB) update(op string, fn func(txn *badger.Txn) error) error {
	if err := db.checkSpace(); err != nil {
		return err
	}
	return mapErr(op, db.bdb.Update(fn))
}

// view runs fn in a read-only transaction.
func (db *DB) view(op string, fn func(txn *badger.Txn) error) error {
	return mapErr(op, db.bdb.View(fn))
}

// checkSpace fails with ErrDiskFull when the file system holding the database has less
// than MinFreeBytes available.
func (db *DB) checkSpace() error {
	if db.opts.MinFreeBytes < 0 {
		return nil
	}
	free, ok := freeBytes(db.dir)
	if ok && free < db.opts.MinFreeBytes {
		return fmt.Errorf("%w: %d bytes free in %s, kin keeps %d in reserve", ErrDiskFull, free, db.dir, db.opts.MinFreeBytes)
	}
	return nil
}

// seqKey is prefix followed by seq as 8 big-endian bytes, so keys sort by seq.
func seqKey(prefix string, seq uint64) []byte {
	return binary.BigEndian.AppendUint64([]byte(prefix), seq)
}

// keySeq reads the sequence number at the end of a seqKey.
func keySeq(key []byte) uint64 {
	if len(key) < 8 {
		return 0
	}
	return binary.BigEndian.Uint64(key[len(key)-8:])
}

// setJSON stores v as JSON under key.
func setJSON(txn *badger.Txn, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return txn.Set(key, data)
}

// getJSON decodes the JSON stored under key into v; it returns badger.ErrKeyNotFound
// when there is none and ErrCorrupt when the value does not decode.
func getJSON(txn *badger.Txn, key []byte, v any) error {
	item, err := txn.Get(key)
	if err != nil {
		return err
	}
	return item.Value(func(b []byte) error { return decodeJSON(key, b, v) })
}

func decodeJSON(key, b []byte, v any) error {
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%w: value of %q: %w", ErrCorrupt, key, err)
	}
	return nil
}

// lastSeq returns the sequence number of the last seqKey under prefix, 0 if none.
func lastSeq(txn *badger.Txn, prefix string) uint64 {
	it := txn.NewIterator(badger.IteratorOptions{Reverse: true, Prefix: []byte(prefix)})
	defer it.Close()
	it.Seek(seqKey(prefix, ^uint64(0)))
	if !it.Valid() {
		return 0
	}
	return keySeq(it.Item().Key())
}
