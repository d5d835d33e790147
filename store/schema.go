package store

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/dgraph-io/badger/v4"
)

var keySchema = []byte("meta/schema")

// A migration upgrades the data inside one transaction from one schema version to the
// next; migrations[i] goes from version i+1 to i+2.
type migration func(txn *badger.Txn) error

// migrations is the schema history. Version 1 is the first layout (see the package
// documentation); append a function here to change it, never edit one.
var migrations []migration

// SchemaVersion is the schema this build writes.
func SchemaVersion() uint64 { return uint64(len(migrations)) + 1 }

// migrate stamps a new database with SchemaVersion, or upgrades an older one a version
// at a time, each step and its new version number committed together.
func (db *DB) migrate() error {
	v, err := db.schema()
	if err != nil {
		return err
	}
	switch {
	case v > SchemaVersion():
		return fmt.Errorf("%w: schema %d, this kin reads up to %d; update kin", ErrNewerSchema, v, SchemaVersion())
	case v == 0:
		empty, err := db.empty()
		if err != nil {
			return err
		}
		if !empty {
			return fmt.Errorf("%w: %s has data but no schema version", ErrCorrupt, db.dir)
		}
		return db.update("stamp schema", func(txn *badger.Txn) error { return setSchema(txn, SchemaVersion()) })
	}
	for ; v < SchemaVersion(); v++ {
		step := migrations[v-1]
		err := db.update(fmt.Sprintf("migrate schema %d to %d", v, v+1), func(txn *badger.Txn) error {
			if err := step(txn); err != nil {
				return err
			}
			return setSchema(txn, v+1)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// schema reads the stored schema version; 0 means none.
func (db *DB) schema() (uint64, error) {
	var v uint64
	err := db.bdb.View(func(txn *badger.Txn) error {
		item, err := txn.Get(keySchema)
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		return item.Value(func(b []byte) error {
			if len(b) != 8 {
				return fmt.Errorf("%w: schema version is %d bytes", ErrCorrupt, len(b))
			}
			v = binary.BigEndian.Uint64(b)
			return nil
		})
	})
	if err != nil {
		return 0, mapErr("read schema", err)
	}
	return v, nil
}

func setSchema(txn *badger.Txn, v uint64) error {
	return txn.Set(keySchema, binary.BigEndian.AppendUint64(nil, v))
}

// empty reports whether the database has no keys at all.
func (db *DB) empty() (bool, error) {
	empty := true
	err := db.bdb.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{})
		defer it.Close()
		it.Rewind()
		empty = !it.Valid()
		return nil
	})
	return empty, mapErr("scan", err)
}
