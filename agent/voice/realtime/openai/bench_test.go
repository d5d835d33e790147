package openai

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/agent/voice/realtime/openai/openaitest"
)

func tone(rate int, d time.Duration) []int16 {
	out := make([]int16, audio.Samples(d, rate))
	for i := range out {
		out[i] = int16(8000 * math.Sin(2*math.Pi*300*float64(i)/float64(rate)))
	}
	return out
}

func msPerOp(b *testing.B) {
	b.ReportMetric(float64(b.Elapsed())/float64(b.N)/1e6, "ms/op")
}

// BenchmarkMicFrameToSend: one 20 ms microphone frame (16 kHz) resampled to 24 kHz,
// encoded (base64, JSON) and written to a live WebSocket — the latency kin adds
// between the microphone and the network (issue: ≤ 25 ms).
func BenchmarkMicFrameToSend(b *testing.B) {
	srv := openaitest.New("k")
	defer srv.Close()
	c, err := (&Dialer{URL: srv.WSURL(), APIKey: "k"}).Dial(context.Background(), realtime.Config{})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	go func() { // keep reading so the server never blocks
		for {
			if _, err := c.Recv(context.Background()); err != nil {
				return
			}
		}
	}()
	r := audio.MustResampler(audio.CaptureRate, audio.PlaybackRate)
	frame := tone(audio.CaptureRate, 20*time.Millisecond)
	out := make([]int16, 0, 512)
	b.ResetTimer()
	for b.Loop() {
		out = r.Process(out[:0], frame)
		if err := c.SendAudio(out); err != nil {
			b.Fatal(err)
		}
	}
	msPerOp(b)
}

// BenchmarkDeltaToDevice: a server audio delta (100 ms, JSON + base64) decoded and
// queued where the device takes it from (issue: ≤ 30 ms).
func BenchmarkDeltaToDevice(b *testing.B) {
	msg, _ := json.Marshal(map[string]any{"type": "response.output_audio.delta", "event_id": "e1", "response_id": "r",
		"item_id": "item_1", "output_index": 0, "content_index": 0,
		"delta": base64.StdEncoding.EncodeToString(audio.Bytes(tone(audio.PlaybackRate, 100*time.Millisecond)))})
	c := &Conn{}
	p := audio.NewPlayer(audio.PlaybackRate, func(float64) {})
	buf := make([]int16, audio.PlaybackRate/10)
	b.ResetTimer()
	for b.Loop() {
		if err := c.decode(msg); err != nil {
			b.Fatal(err)
		}
		d := c.pending[0].(realtime.AudioDelta)
		c.pending = c.pending[:0]
		p.Enqueue(d.ItemID, d.PCM)
		b.StopTimer()
		p.Fill(buf)
		b.StartTimer()
	}
	msPerOp(b)
}

// BenchmarkBargeInToSilence: speech_started decoded, playback cleared, and the
// device's next pull is silence. Add the device buffer (device.PlaybackOptions.Buffer,
// two periods of it: 40 ms by default) for the audible figure (issue: ≤ 60 ms).
func BenchmarkBargeInToSilence(b *testing.B) {
	msg := []byte(`{"type":"input_audio_buffer.speech_started","event_id":"e","audio_start_ms":1000,"item_id":"item_2"}`)
	c := &Conn{}
	p := audio.NewPlayer(audio.PlaybackRate, func(float64) {})
	reply := tone(audio.PlaybackRate, 5*time.Second)
	buf := make([]int16, 480)
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		p.Enqueue("item_1", reply)
		p.Fill(buf)
		b.StartTimer()
		c.decode(msg)
		c.pending = c.pending[:0]
		p.Clear()
		if p.Fill(buf) != 0 {
			b.Fatal("still playing")
		}
	}
	msPerOp(b)
}
