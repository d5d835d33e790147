// Package provider chooses and builds the [llm.Provider] kin talks to:
// a flag or config first, then ANTHROPIC_API_KEY, OPENAI_API_KEY (honouring
// OPENAI_BASE_URL), GEMINI_API_KEY, then a local Ollama or LM Studio found
// on loopback, and finally the NullProvider. Every real provider is wrapped
// in [llm.WithRetry]; with LocalFirst a local server becomes the primary
// lane and a cloud provider its fallback.
//
// The concrete providers are the sibling packages anthropic, openai, gemini
// and null; providertest holds their fake servers.
package provider
