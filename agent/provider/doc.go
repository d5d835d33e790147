// Package provider chooses and builds the [llm.Provider] kin talks to. The
// first that applies wins:
//
//  1. the flag or config (--provider, brain.provider);
//  2. a base URL alone (--base-url, brain.baseURL): an OpenAI-compatible server;
//  3. ANTHROPIC_API_KEY;
//  4. OPENAI_API_KEY, honouring OPENAI_BASE_URL;
//  5. GEMINI_API_KEY (or GOOGLE_API_KEY);
//  6. a local Ollama or LM Studio answering on loopback — both are asked at
//     once (GET /api/tags, GET /v1/models) within one ProbeTimeout;
//  7. the NullProvider.
//
// Every real provider is wrapped in [llm.WithRetry] with a quiet-timeout.
// A local server chosen by flag or config, or found first with LocalFirst,
// is a lane: when a cloud key is also set the cloud provider becomes its
// fallback ([llm.Lanes], seed 001's local → cloud routing).
//
// The concrete providers are the sibling packages anthropic, openai, gemini
// and null; providertest holds their fake servers.
package provider
