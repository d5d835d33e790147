// Package companion assembles a running kin from its parts: the event bus,
// the Badger store (memories, diary, transcripts), the agent runtime with
// its provider, and background consolidation. Both programs use it: kin
// (kin chat, with no window) and kin-window. It is wiring, kept out of the
// mains so both wire the same way and it can be tested.
package companion
