package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// ErrWAV is wrapped by every error about a malformed or unsupported WAV file.
var ErrWAV = errors.New("audio: bad WAV")

// ReadWAV decodes a RIFF WAVE file holding 8-, 16-, 24- or 32-bit integer PCM or
// 32-bit float, any channel count (mixed down to mono). Streams whose data size is
// unknown (0 or 0xFFFFFFFF, as espeak-ng --stdout writes) are read to EOF.
func ReadWAV(r io.Reader) (Clip, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Clip{}, fmt.Errorf("audio: read WAV: %w", err)
	}
	if len(data) < 12 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WAVE" {
		return Clip{}, fmt.Errorf("%w: not RIFF/WAVE", ErrWAV)
	}
	var (
		format, channels, bits uint16
		rate                   uint32
		haveFmt                bool
	)
	for p := 12; p+8 <= len(data); {
		id, size := string(data[p:p+4]), binary.LittleEndian.Uint32(data[p+4:])
		body := data[p+8:]
		if id == "data" {
			if !haveFmt {
				return Clip{}, fmt.Errorf("%w: data before fmt", ErrWAV)
			}
			if size != 0 && size != math.MaxUint32 && int(size) <= len(body) {
				body = body[:size]
			}
			return decodeWAV(body, format, channels, bits, int(rate))
		}
		if int(size) > len(body) {
			return Clip{}, fmt.Errorf("%w: chunk %q overruns the file", ErrWAV, id)
		}
		if id == "fmt " && size >= 16 {
			format = binary.LittleEndian.Uint16(body)
			channels = binary.LittleEndian.Uint16(body[2:])
			rate = binary.LittleEndian.Uint32(body[4:])
			bits = binary.LittleEndian.Uint16(body[14:])
			if format == 0xFFFE && size >= 26 { // WAVE_FORMAT_EXTENSIBLE: subformat GUID
				format = binary.LittleEndian.Uint16(body[24:])
			}
			haveFmt = true
		}
		p += 8 + int(size) + int(size&1)
	}
	return Clip{}, fmt.Errorf("%w: no data chunk", ErrWAV)
}

func decodeWAV(body []byte, format, channels, bits uint16, rate int) (Clip, error) {
	if channels == 0 || rate <= 0 {
		return Clip{}, fmt.Errorf("%w: %d channels at %d Hz", ErrWAV, channels, rate)
	}
	width := int(bits) / 8
	var sample func([]byte) float64
	switch {
	case format == 1 && bits == 8:
		sample = func(b []byte) float64 { return (float64(b[0]) - 128) * 256 }
	case format == 1 && bits == 16:
		sample = func(b []byte) float64 { return float64(int16(binary.LittleEndian.Uint16(b))) }
	case format == 1 && bits == 24:
		sample = func(b []byte) float64 { return float64(int32(uint32(b[0])<<8|uint32(b[1])<<16|uint32(b[2])<<24) >> 16) }
	case format == 1 && bits == 32:
		sample = func(b []byte) float64 { return float64(int32(binary.LittleEndian.Uint32(b))) / 65536 }
	case format == 3 && bits == 32:
		sample = func(b []byte) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))) * 32768 }
	default:
		return Clip{}, fmt.Errorf("%w: format %d with %d bits is not supported", ErrWAV, format, bits)
	}
	frame := width * int(channels)
	out := make([]int16, len(body)/frame)
	for i := range out {
		var sum float64
		for c := range int(channels) {
			sum += sample(body[i*frame+c*width:])
		}
		out[i] = Clamp16(sum / float64(channels))
	}
	return Clip{Rate: rate, Samples: out}, nil
}

// WriteWAV writes c as a 16-bit mono RIFF WAVE file.
func WriteWAV(w io.Writer, c Clip) error {
	var h bytes.Buffer
	n := uint32(2 * len(c.Samples))
	h.WriteString("RIFF")
	binary.Write(&h, binary.LittleEndian, 36+n)
	h.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(1), uint32(c.Rate), uint32(2 * c.Rate), uint16(2), uint16(16)} {
		binary.Write(&h, binary.LittleEndian, v)
	}
	h.WriteString("data")
	binary.Write(&h, binary.LittleEndian, n)
	if _, err := w.Write(h.Bytes()); err != nil {
		return fmt.Errorf("audio: write WAV: %w", err)
	}
	if _, err := w.Write(Bytes(c.Samples)); err != nil {
		return fmt.Errorf("audio: write WAV: %w", err)
	}
	return nil
}
