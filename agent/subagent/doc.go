// Package subagent runs background helpers (seed 002's sub-agents): the
// main model hands one a goal with spawn_subagent and keeps talking with
// the user while it works.
//
// Each sub-agent is its own [runtime.Runtime] with its own conversation,
// over the same model, offered the main registry's tools (or a subset)
// minus this family, so it cannot spawn more, and running every call
// through the main permission gate as caller "subagent". It has up to 25
// rounds; at most three run at once. Its progress lines are think events
// on the main bus. When it needs the user it calls ask_user: it suspends,
// the question is spoken and queued for the main conversation
// ([Notes.Inform]), and the main model passes the user's answer on with
// reply_to_subagent. Its result is spoken and queued the same way, and
// [Config.OnEnd] receives it, or the partial work of a sub-agent cancelled
// or failed, for the transcript. Aborting the session cancels them all
// ([Manager.CancelAll], registered with [runtime.Runtime.OnAbort]).
package subagent
