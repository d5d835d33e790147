// Package todo holds the tools for what the model keeps for itself between
// turns: a task list (todo_add, todo_list, todo_complete) and a small
// key-value scratchpad (storage_get, storage_set).
//
// Both are persisted per agent by whoever implements the consumer-owned
// interfaces [TodoStore] and [Scratchpad]: kin's store on Badger in the
// running companion, [Mem] in tests and wherever nothing needs to last.
// The package does not import the store; the companion adapts it.
//
// Reading tools are low risk; adding or completing a task and writing the
// scratchpad change what kin remembers, so they are medium risk (recorded
// by the permission gate, not asked). Text, keys and values are capped
// ([Config]) and every refusal says what to do instead.
package todo
