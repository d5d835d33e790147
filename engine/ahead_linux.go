package engine

import "syscall"

// lowestPriority gives the calling thread the lowest scheduling priority
// (nice 19): it runs when nothing else wants the core.
func lowestPriority() {
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 19) // a thread's own; lowering needs no privilege
}
