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
// Before the first model call, preflight ([Config.Preflight], each step
// switchable) puts the memories matching the message first in the block,
// asks a planner for a short plan within a 2 s budget (failing open: no
// plan, no delay beyond it) and starts the read-only, cacheable calls the
// plan marks as likely, so the model's own call finds them ready.
//
// One turn runs at a time: a new Send cancels the turn in flight; the
// history stays valid for every provider. Text the user adds while a turn
// runs goes to [Runtime.Steer]: it joins the next round as guidance
// instead of cancelling, and "stop" alone aborts. [Runtime.Cancel] (Esc)
// and [Runtime.Close] (quitting) abort the turn and everything registered
// with [Runtime.OnAbort], such as background sub-agents, whose results
// reach the next turn through [Runtime.Inform]. The runtime posts think,
// speak, presence and the tools' perform-skill / skill-done / skill-error
// events on its bus.
package runtime
