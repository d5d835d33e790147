// Package mcp connects kin to the Model Context Protocol both ways, on top
// of the official Go SDK.
//
// As a client, [LoadConfig] reads an mcp.json in the Claude Desktop /
// Cursor format and [Start] returns a [Manager] that connects to every
// server in the background (a child process over stdio, or streamable
// HTTP), retries the ones that fail with exponential backoff, reports each
// outage once and offers the ready servers' tools as kin tools named
// mcp__SERVER__TOOL ([ToolName]). MCP annotations become kin's metadata:
// readOnlyHint is low risk and concurrency-safe, destructiveHint is high
// risk, anything else medium. [Manager.Changed] says when to re-read
// [Manager.Tools]; [Manager.Status] feeds `kin mcp list`.
//
// As a server, [NewServer] exposes kin's own tools and resources to other
// MCP clients over stdio ([Server.ServeStdio]) or streamable HTTP behind a
// bearer token ([Server.Handler], [LoadOrCreateToken]). Every call goes
// through ServerOptions.Call, i.e. kin's permission gate, never straight
// to a tool.
package mcp
