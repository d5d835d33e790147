//go:build linux

package device

/*
#cgo pkg-config: alsa
#include <alsa/asoundlib.h>

static void kinQuietALSA(const char *file, int line, const char *function, int err, const char *fmt, ...) {}

static void kinSilenceALSA(void) { snd_lib_error_set_handler(kinQuietALSA); }
*/
import "C"

import (
	"os"
	"sync"
)

var quietOnce sync.Once

// quietALSA stops libasound printing its own errors on stderr: on a
// machine with no sound card it prints a dozen configuration lines for
// every device miniaudio tries, although kin says itself that voice
// is off (ErrNoDevice). miniaudio loads the same library, so the handler
// covers it too. KIN_AUDIO_DEBUG=1 keeps ALSA's messages, for finding out
// why a device does not open.
func quietALSA() {
	quietOnce.Do(func() {
		if os.Getenv("KIN_AUDIO_DEBUG") == "" {
			C.kinSilenceALSA()
		}
	})
}
