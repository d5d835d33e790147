package engine

// Mesa's software renderer (llvmpipe) mallocs and frees blocks of about
// 900 KB several times a frame, on threads that have heaps of their own.
// glibc hands the free top of such a heap back to the kernel
// (madvise(MADV_DONTNEED)) as soon as more than its trim threshold (128 KB
// by default) is free, and the next frame faults it in again page by page:
// about 1,400 minor page faults a frame at 480x720 for the default avatar,
// and 25 instead of 15 frames a second. Raising the thresholds keeps that
// memory for reuse; resident memory stays the same, since the same blocks
// come back every frame.

// mallocTuning is a set of glibc malloc thresholds, in bytes.
type mallocTuning struct {
	mmapThreshold int // blocks at least this big are mapped on their own
	trimThreshold int // free memory at the heap's top above this goes back to the kernel
	topPad        int // extra the heap grows by each time it must grow
}

var (
	// kinMalloc keeps frame-sized blocks in the heap: 32 MB is glibc's
	// largest mmap threshold on 64-bit systems.
	kinMalloc = mallocTuning{mmapThreshold: 32 << 20, trimThreshold: 64 << 20, topPad: 16 << 20}
	// glibcMalloc is glibc's static default (before its own adaptation),
	// for tests that show the difference.
	glibcMalloc = mallocTuning{mmapThreshold: 128 << 10, trimThreshold: 128 << 10, topPad: 128 << 10}
)

// The thresholds are set when the package loads, before Ebitengine opens
// Mesa, for every program that renders: kin-window, kin shot, tests.
func init() { setMalloc(kinMalloc) }
