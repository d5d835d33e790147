// Package cli implements the `kin memory` and `kin diary` commands on top of package
// store, so that package main only wires them: main's cmd files call [Main] with
// [Memory] or [Diary].
//
// Exit status: 0 on success, 1 when the command failed (including a diary that does
// not verify), 2 for a usage error.
package cli
