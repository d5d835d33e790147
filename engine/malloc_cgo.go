//go:build linux && cgo

package engine

/*
#include <malloc.h>

// kin_tune_malloc raises glibc's thresholds; it returns 0 where the C
// library is not glibc or refuses them.
static int kin_tune_malloc(int mmap_threshold, int trim_threshold, int top_pad) {
#ifdef __GLIBC__
	return mallopt(M_MMAP_THRESHOLD, mmap_threshold) &&
		mallopt(M_TRIM_THRESHOLD, trim_threshold) &&
		mallopt(M_TOP_PAD, top_pad);
#else
	return 0;
#endif
}
*/
import "C"

// setMalloc sets glibc's malloc thresholds (see tuneMalloc), reporting
// whether the C library took them.
func setMalloc(t mallocTuning) bool {
	return C.kin_tune_malloc(C.int(t.mmapThreshold), C.int(t.trimThreshold), C.int(t.topPad)) != 0
}
