// Package tools holds the tools the model may call: the [Tool] type with its
// execution metadata, a [Registry], the [Executor] that batches calls
// (concurrency-safe calls in parallel, the rest in order), asks the user
// before high-risk calls through a [Confirmer], caches cacheable results for
// a TTL and announces every call on the protocol bus.
//
// The built-in tools live one per file, each with its model-facing
// description embedded from the .md file beside it: wave, lookAt,
// play_clip, setExpression, speak, remember and get_datetime. A failure the
// model should see is a tool result marked as an error, never a Go error
// that ends the turn.
package tools
