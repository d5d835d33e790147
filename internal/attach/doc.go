// Package attach lets a second kin command talk to the kin already
// running for the same agent, instead of opening the store a second time
// (Badger allows one process): `kin chat`, `kin mcp` and `kin schedule`
// started while kin runs become thin clients of the running companion, so
// the same character answers, memories and the diary stay in one process,
// and turns are never run twice at once.
//
// The running companion calls [Serve] with a [Handler] (its chat turn,
// its tool list and its gated tool calls); a later command calls [Dial]
// and, when it gets a [Client], uses it instead of starting a companion.
//
// # Wire
//
// A Unix socket at [Path] ($XDG_RUNTIME_DIR/kin/ID.sock), in a directory
// only the user may enter (0700) and itself 0600. One request per
// connection: the client writes one JSON line ([request]), the server
// answers with JSON lines ([Event]) of which the last has Kind "final",
// "failed", "tools", "result" or "tasks". Closing the connection cancels
// the request. Chats are served one at a time. An "mcp" request is
// answered with one "ready" event, after which the connection carries the
// MCP stdio protocol (JSON-RPC lines) both ways until either side closes
// it: `kin mcp` then only pipes its stdin and stdout to the running kin.
package attach
