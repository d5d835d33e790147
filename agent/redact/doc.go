// Package redact removes secrets from what kin writes down: tool arguments
// in the diary and on the bus, tool results in transcripts, log lines. It
// knows secrets by where they sit (a JSON field named like a credential, the
// password of a URL, a query parameter such as token=) and by their shape
// (provider API keys, bearer tokens, private keys). It is deliberately
// eager: a redacted harmless value costs little, a leaked key a lot.
package redact
