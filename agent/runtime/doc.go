// Package runtime is kin's brain: a [Runtime] turns user input into a
// bounded tool loop over an [llm.Provider] and a final answer spoken as a
// protocol speak event.
//
// A turn ([Runtime.Send]) composes the system prompt (persona, a <memory>
// block of ranked memories, a block describing the tools), then loops:
// fit the history into the context window (ctxmgr), call the model
// (streaming text out as [Delta] values), repair malformed calls once, run
// the calls (tools.Executor: parallel where safe, confirmation for high
// risk), budget and injection-scan the results, and write a continuation
// note for the next round. The seven guardrails of seed 001 — round limit,
// no usable call, repeated failure, semantic repeat, permission denial,
// injection flag, context limit — each leave a visible trace in that note.
//
// One turn runs at a time: a new Send, or [Runtime.Cancel], cancels the
// turn in flight (the user typed or spoke again); the history stays valid
// for every provider. The runtime posts think, speak, presence and the
// tools' perform-skill / skill-done / skill-error events on its bus.
package runtime
