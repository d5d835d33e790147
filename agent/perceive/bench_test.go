package perceive

import (
	"testing"
	"time"
)

// BenchmarkCheck is one look of the watcher on a 1280x720 Xvfb: a
// thumbnail through the screenshot tool, the idle time and the window
// list — the cost paid every 30 seconds while perception is on.
func BenchmarkCheck(b *testing.B) {
	display := needX(b)
	newSession(b, display).window("Error: disk full", 0, 0, 400, 200, 0x808080)
	w := NewWatcher(WatchConfig{Probe: xprobe(b, display), Present: time.Hour})
	b.ReportAllocs()
	for b.Loop() {
		w.Check(b.Context())
	}
}

// BenchmarkChanged compares two 64x36 thumbnails.
func BenchmarkChanged(b *testing.B) {
	x, y := thumbOf(64, 36, 10), thumbOf(64, 36, 90)
	b.ReportAllocs()
	for b.Loop() {
		Changed(x, y)
	}
}
