// Package llm is the provider-neutral vocabulary of kin's brain: messages,
// tool calls and results, a [Provider] that completes a [Request], the
// sentinel errors callers branch on, and two wrappers every provider gets —
// [WithRetry] (backoff on 429, 5xx and timeouts, with a quiet-timeout per
// attempt; when it gives up the error is a [*Fault] whose text is a
// sentence for the user, or a [*CutOff] keeping the text a dropped stream
// had shown) and [Lanes] / [Fallback] (a local lane that falls back to a cloud
// lane; each [Response] names the lane that answered).
//
// Concrete providers live beside it in agent/provider/*; each maps these
// types onto its official SDK. Nothing here imports an SDK.
package llm
