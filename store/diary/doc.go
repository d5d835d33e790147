// Package diary is the tamper-evident action diary's format: the [Entry] record, the
// canonical JSON it is hashed over, and the [Verifier] that walks a chain.
//
// Each entry's hash is SHA-256 over the canonical JSON of
//
//	{"payload":…,"prev":"<hash of the entry before>","seq":N,"time":"RFC 3339","type":"…"}
//
// where canonical means object keys sorted, no insignificant whitespace, no HTML
// escaping, numbers as written. The first entry's prev is [Genesis]. Changing an entry's
// content breaks its hash; removing or reordering entries breaks the sequence numbers
// and the prev links; removing entries from the end is caught by the [Head] that is
// stored beside the chain. Someone who can rewrite every hash from the point of change
// onwards can forge a chain: the diary proves integrity against accidents and casual
// edits, and any copy of a head hash kept elsewhere pins everything before it.
//
// Package store keeps the entries in Badger; this package does no I/O.
package diary
