// Package store is kin's durable memory: one Badger database per agent id under the
// user's data directory, holding the ranked memories ([Memories]), the identity passport
// ([Identity]), the hash-chained action diary ([Diary]) and conversation transcripts
// ([Transcripts]), plus the background [Consolidator] that turns finished conversations
// into memories.
//
// Badger is wrapped here once: its options, the value-log GC goroutine stopped by
// [DB.Close], and its errors mapped to the sentinels callers branch on —
// [ErrAlreadyRunning], [ErrForeign], [ErrCorrupt], [ErrNewerSchema], [ErrDiskFull],
// [ErrClosed], [ErrNotFound].
//
// # Layout
//
// The database of agent ID lives in DIR/agents/ID, where DIR is [DefaultDataDir] unless
// given. Beside Badger's files sits KIN-STORE, a small JSON marker; a non-empty directory
// without it is someone else's and is never touched. Keys are prefixed by kind:
//
//	meta/schema          schema version (8-byte big-endian)
//	mem/KEY              a memory.Entry as JSON
//	id/passport          the identity.Passport as JSON
//	diary/e/SEQ          a diary.Entry as JSON (SEQ 8-byte big-endian)
//	diary/head           the diary.Head as JSON, written with each entry
//	tx/m/SEQ             a transcript Message as JSON
//	tx/c/CONV/SEQ        index of a conversation's messages (empty value)
//	tx/v/CONV            the Conversation summary as JSON
//	perm/TOOL\x00SCOPE    a remembered "always allow" Grant as JSON
//	todo/seq             last task id (8-byte big-endian)
//	todo/i/ID            a Todo as JSON (ID 8-byte big-endian)
//	scratch/KEY          a scratchpad value {"value","updated"} as JSON
//	sched/ID             a scheduled task (agent/schedule.Task) as JSON
//	stats/total          the RunStats of every session, as JSON
//	stats/s/SESSION      one session's RunStats (started, updated) as JSON; the last 100 kept
//
// id/passport may hold the ERC-8004 registration; the diary's entry types include
// sign, anchor (a signed head) and register. Wallet keys are never in the store: they
// live in DATA/keystore/ID in the Web3 Secret Storage format.
//
// # Durability
//
// Every write is a Badger transaction committed with SyncWrites: when a method returns
// nil, the write is on disk and survives a crash or SIGKILL. Before each write the free
// space of the file system is checked ([Options.MinFreeBytes]): Badger writes through
// memory-mapped files, and running out of space inside one kills the process with
// SIGBUS instead of returning an error, so kin refuses the write with [ErrDiskFull]
// while there is still room.
//
// All methods are safe for concurrent use.
package store
