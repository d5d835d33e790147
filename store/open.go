package store

import (
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// DB is an open store: one agent's Badger database.
type DB struct {
	bdb  *badger.DB
	opts Options
	dir  string

	mem   *Memories
	diary *Diary
	ident *Identity
	tx    *Transcripts

	closeOnce sync.Once
	closeErr  error
	stopGC    chan struct{}
	gcDone    chan struct{}
}

// Open opens (creating if needed) the database of opts.AgentID in opts.Dir, migrating an
// older schema. It fails with ErrAlreadyRunning when another process has it open,
// ErrForeign or ErrCorrupt when the directory is not a usable kin store (leaving it as it
// was), ErrNewerSchema for data from a newer kin, ErrDiskFull when out of space.
func Open(opts Options) (*DB, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	dir := AgentDir(opts.Dir, opts.AgentID)
	mark, err := prepareDir(dir, opts.AgentID)
	if err != nil {
		return nil, err
	}
	if err := checkUnlocked(dir); err != nil {
		return nil, err
	}
	if err := checkTables(dir); err != nil {
		return nil, err
	}
	if err := dropEmptyLogs(dir); err != nil {
		return nil, err
	}
	bdb, err := openBadger(dir, opts.Logger)
	if err != nil {
		return nil, err
	}
	db := &DB{bdb: bdb, opts: opts, dir: dir, stopGC: make(chan struct{}), gcDone: make(chan struct{})}
	if err := db.load(); err != nil {
		bdb.Close()
		return nil, err
	}
	if mark.Schema != SchemaVersion() {
		mark.Schema = SchemaVersion()
		if err := writeMarker(dir, mark); err != nil {
			bdb.Close()
			return nil, err
		}
	}
	go db.gcLoop()
	return db, nil
}

// openBadger opens Badger in dir with kin's options, turning a panic on damaged files
// into ErrCorrupt.
func openBadger(dir string, log *slog.Logger) (bdb *badger.DB, err error) {
	defer func() {
		if r := recover(); r != nil {
			bdb, err = nil, fmt.Errorf("%w: open %s: %v", ErrCorrupt, dir, r)
		}
	}()
	bo := badger.DefaultOptions(dir).
		WithSyncWrites(true).
		WithLogger(badgerLogger{log}).
		WithNumVersionsToKeep(1).
		WithMemTableSize(2 << 20). // memories and diary entries are small; a desktop app keeps memory low
		WithValueThreshold(64 << 10).
		WithNumMemtables(2).
		WithValueLogFileSize(64 << 20).
		WithBlockCacheSize(2 << 20).
		WithNumCompactors(2).
		WithBlockSize(tableBlockSize).
		WithCompression(tableCompression).
		WithCompactL0OnClose(true)
	bdb, err = badger.Open(bo)
	if err != nil {
		return nil, mapOpenErr(dir, err)
	}
	return bdb, nil
}

// load checks the schema and reads what the parts keep in memory.
func (db *DB) load() error {
	if err := db.migrate(); err != nil {
		return err
	}
	db.ident = &Identity{db: db}
	db.mem = &Memories{db: db}
	db.diary = &Diary{db: db}
	db.tx = &Transcripts{db: db}
	for _, load := range []func() error{db.mem.load, db.diary.load, db.tx.load} {
		if err := load(); err != nil {
			return err
		}
	}
	return nil
}

// Close stops the GC goroutine and closes the database; it is safe to call more than
// once and from several goroutines. Writes after Close fail with ErrClosed.
func (db *DB) Close() error {
	db.closeOnce.Do(func() {
		close(db.stopGC)
		<-db.gcDone
		db.closeErr = mapErr("close", db.bdb.Close())
	})
	return db.closeErr
}

// Dir is the directory holding this agent's database.
func (db *DB) Dir() string { return db.dir }

// DataDir is the kin data directory the agent's database lies in (Options.Dir).
func (db *DB) DataDir() string { return db.opts.Dir }

// AgentID is the agent whose database this is.
func (db *DB) AgentID() string { return db.opts.AgentID }

// Memories are the agent's ranked memories.
func (db *DB) Memories() *Memories { return db.mem }

// Diary is the agent's hash-chained action diary.
func (db *DB) Diary() *Diary { return db.diary }

// Identity is the agent's passport.
func (db *DB) Identity() *Identity { return db.ident }

// Transcripts are the stored conversations.
func (db *DB) Transcripts() *Transcripts { return db.tx }

func (db *DB) now() time.Time { return db.opts.Now().Round(0).UTC() }

// gcLoop runs the value-log GC every GCInterval until Close.
func (db *DB) gcLoop() {
	defer close(db.gcDone)
	if db.opts.GCInterval < 0 {
		return
	}
	t := time.NewTicker(db.opts.GCInterval)
	defer t.Stop()
	for {
		select {
		case <-db.stopGC:
			return
		case <-t.C:
			db.runGC()
		}
	}
}

func (db *DB) runGC() {
	for range 16 { // each pass rewrites at most one value-log file
		if err := db.bdb.RunValueLogGC(0.5); err != nil {
			if err != badger.ErrNoRewrite && err != badger.ErrRejected {
				db.opts.Logger.Warn("store: value-log GC", "err", err)
			}
			return
		}
	}
}

// badgerLogger sends Badger's warnings and errors to slog and drops the rest.
type badgerLogger struct{ l *slog.Logger }

func (b badgerLogger) Errorf(f string, a ...any)   { b.l.Error("badger: " + fmt.Sprintf(f, a...)) }
func (b badgerLogger) Warningf(f string, a ...any) { b.l.Warn("badger: " + fmt.Sprintf(f, a...)) }
func (b badgerLogger) Infof(string, ...any)        {}
func (b badgerLogger) Debugf(string, ...any)       {}
