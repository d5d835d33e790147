// Package memtools holds the memory tools the seed names: memory_write,
// memory_search and memory_list. They work beside the built-in remember
// tool over the same [memory.Store], and the store ranks what they find
// with the one ranker that also orders the <memory> block of the system
// prompt (salience plus the type and tag bonus, halved every seven days;
// expired memories never show), so what the model finds by searching is
// what it would be shown first.
//
// memory_write is medium risk (it changes what kin remembers, and is
// recorded by the permission gate); the other two are low-risk reads.
//
// [Tools] builds the family from a [Config].
package memtools
