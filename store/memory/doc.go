// Package memory holds kin's typed, ranked memories in process: the [Entry] type, the
// ranking formula, the in-memory [Set] that answers queries, the <memory> block the
// runtime puts in the system prompt, and the Markdown-with-frontmatter files people read
// and edit. It does no I/O of its own except [Export] and [Import], which read and write
// a folder; package store persists a Set in Badger.
//
// # Ranking
//
// An entry's weight is its salience (0–1) plus a bonus for its type — feedback +0.3,
// user +0.2, project +0.1, reference 0 — plus 0.02 for each of its first five tags. Its
// score is the weight times a recency boost 2^(−age/7 days), where age is the time since
// the entry was last updated. [Set.Query] returns the highest scores first; expired
// entries never match.
//
// # Pruning
//
// A Set keeps at most [DefaultMaxEntries] entries unless told otherwise: [Set.Prune]
// picks expired entries first, then the lowest scores (so what was just remembered
// stays), oldest first among equals.
//
// # Token estimate
//
// This is kin's one ranker: the system prompt's <memory> block ([Block], with [Lead] for
// the memories a message is about) and the memory tools ask it through the interface the
// agent owns (agent/memory.Store, adapted by internal/agentmem).
//
// [Block] caps its output by an estimate of tokens: the length in bytes divided by four,
// rounded up. That is close for English and errs on the generous side for most other
// text, which is what a cap should do.
package memory
