// Package protocol is kin's event bus: every event of the agent protocol as
// a Go type, in the envelope {type, payload, timestamp, agentId,
// sourceSkill}, and a [Bus] that any goroutine may post to without
// blocking.
//
// Delivery, per event type:
//   - must-deliver (every type but the two below): each subscriber receives
//     every event, in posting order, through an unbounded queue;
//   - lossy (audio-level, viseme): high-rate signals where only the newest
//     matters; a subscriber that has not yet taken one sees it replaced by
//     the next.
//
// Subscribers either drain a [Subscription] themselves (the frame loop does
// this once per Update, a bounded number per tick) or register a handler
// with [Bus.On], which runs on the subscription's own goroutine. The bus
// keeps the last 200 must-deliver events as history. The package imports
// the standard library only.
package protocol
