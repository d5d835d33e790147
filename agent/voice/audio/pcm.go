package audio

import (
	"encoding/binary"
	"math"
	"time"
)

// The sample rates kin uses.
const (
	CaptureRate  = 16000 // microphone, wake word, VAD, Gemini input
	PlaybackRate = 24000 // speaker, OpenAI Realtime in and out, Gemini output
)

// Clip is mono 16-bit PCM at Rate samples per second.
type Clip struct {
	Rate    int
	Samples []int16
}

// Duration is the clip's length.
func (c Clip) Duration() time.Duration { return Duration(len(c.Samples), c.Rate) }

// Duration is the length of n samples at rate.
func Duration(n, rate int) time.Duration {
	if rate <= 0 {
		return 0
	}
	return time.Duration(int64(n) * int64(time.Second) / int64(rate))
}

// Samples is how many samples at rate last d.
func Samples(d time.Duration, rate int) int {
	return int(int64(d) * int64(rate) / int64(time.Second))
}

// Bytes encodes pcm as little-endian bytes, the wire format of both realtime APIs.
func Bytes(pcm []int16) []byte {
	b := make([]byte, 2*len(pcm))
	for i, s := range pcm {
		binary.LittleEndian.PutUint16(b[2*i:], uint16(s))
	}
	return b
}

// FromBytes decodes little-endian 16-bit samples; a trailing odd byte is ignored.
func FromBytes(b []byte) []int16 {
	pcm := make([]int16, len(b)/2)
	for i := range pcm {
		pcm[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return pcm
}

// Clamp16 rounds x to the nearest 16-bit sample, saturating at the limits instead
// of wrapping.
func Clamp16(x float64) int16 {
	switch {
	case x >= math.MaxInt16:
		return math.MaxInt16
	case x <= math.MinInt16:
		return math.MinInt16
	}
	return int16(math.Round(x))
}

// RMS is the root mean square of pcm relative to full scale, 0..1.
func RMS(pcm []int16) float64 {
	if len(pcm) == 0 {
		return 0
	}
	var sum float64
	for _, s := range pcm {
		v := float64(s)
		sum += v * v
	}
	return math.Sqrt(sum/float64(len(pcm))) / 32768
}

// DBFS converts an RMS level (0..1) to decibels relative to full scale, floored at
// −120.
func DBFS(rms float64) float64 {
	if rms <= 1e-6 {
		return -120
	}
	return 20 * math.Log10(rms)
}

// Peak is the largest absolute sample of pcm.
func Peak(pcm []int16) int {
	p := 0
	for _, s := range pcm {
		v := int(s)
		if v < 0 {
			v = -v
		}
		p = max(p, v)
	}
	return p
}

// Frames cuts pcm into frames of n samples; the last frame is zero-padded.
func Frames(pcm []int16, n int) [][]int16 {
	var out [][]int16
	for i := 0; i < len(pcm); i += n {
		f := make([]int16, n)
		copy(f, pcm[i:])
		out = append(out, f)
	}
	return out
}
