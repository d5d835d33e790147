// Package system holds the tools that reach outside kin into the user's
// machine: exec_shell runs a shell command, process_list shows the running
// processes and process_kill sends one of them a signal. [Tools] builds the
// family from a [Config].
//
// The tools work on Linux, where they read /proc and run /bin/sh; on other
// systems they are still offered but every call fails with a sentence
// saying the tool is not supported there.
//
// exec_shell runs each command in a process group of its own and ends the
// whole group (SIGTERM, then SIGKILL after a short grace) when the
// command's timeout passes, when the call is cancelled, or when it prints
// more than [OutputLimit] bytes; it returns by its deadline even when
// grandchildren keep the output pipes open. Only the head and tail of each
// stream are kept, so memory stays bounded whatever the command prints.
// The child's environment is the user's minus variables whose names look
// like credentials (see [redact.IsSecretName]).
//
// The tools only declare their risk and describe each call through
// Assess; asking the user first is the permission gate's job.
package system
