// Package board holds the create_board tool: the agent puts a whiteboard
// on screen, a panel of Markdown (headings, lists, code blocks, tables,
// links) that the user can scroll, move and close. The tool only emits a
// [protocol.BoardPayload] on the bus; the window draws it.
//
// Showing a board changes nothing on the computer, so the tool is low
// risk and read-only. The Markdown is capped (see [Config]); a board with
// the id of one on screen replaces it, and close_board takes it away.
package board
