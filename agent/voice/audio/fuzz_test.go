package audio

import (
	"bytes"
	"testing"
)

// FuzzReadWAV: any file reads to a clip or an error, never a panic, and a
// clip never holds more samples than the file had bytes (a header that
// lies about its sizes cannot make kin allocate more).
func FuzzReadWAV(f *testing.F) {
	var good bytes.Buffer
	_ = WriteWAV(&good, Clip{Rate: 16000, Samples: []int16{0, 100, -100, 32767}})
	f.Add(good.Bytes())
	f.Add([]byte("RIFF\xff\xff\xff\xffWAVEfmt "))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ReadWAV(bytes.NewReader(data))
		if err == nil && len(c.Samples) > len(data) {
			t.Errorf("%d samples from %d bytes", len(c.Samples), len(data))
		}
	})
}
