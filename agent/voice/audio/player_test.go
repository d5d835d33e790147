package audio

import (
	"bytes"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
)

type levels struct{ got []float64 }

func (l *levels) add(r float64) { l.got = append(l.got, r) }

// TestPlayerPositionsAndLevels: the device pulls in odd-sized chunks; positions count
// what it took, one level arrives per 20 ms window of audio (with its RMS), then a 0
// when the audio runs out, and the idle channel tracks the queue.
func TestPlayerPositionsAndLevels(t *testing.T) {
	var lv levels
	p := NewPlayer(PlaybackRate, lv.add)
	select {
	case <-p.Idle():
	default:
		t.Fatal("new player not idle")
	}
	a := tone(PlaybackRate, 440, 0.5, 100*time.Millisecond) // 2400 samples, 5 windows
	b := tone(PlaybackRate, 440, 0.25, 50*time.Millisecond)
	p.Enqueue("item_a", a)
	p.Enqueue("item_b", b)
	if got := p.Pending(); got != 150*time.Millisecond {
		t.Fatalf("Pending = %v", got)
	}
	select {
	case <-p.Idle():
		t.Fatal("idle with audio queued")
	default:
	}
	buf := make([]int16, 333)
	var out []int16
	for range 4 {
		n := p.Fill(buf)
		out = append(out, buf[:n]...)
	}
	if got := p.Played("item_a"); got != Duration(4*333, PlaybackRate) {
		t.Errorf("Played(item_a) = %v after 1332 samples", got)
	}
	for p.Pending() > 0 {
		n := p.Fill(buf)
		out = append(out, buf[:n]...)
	}
	if !slices.Equal(out, append(slices.Clone(a), b...)) {
		t.Error("the device did not get the queued audio in order")
	}
	if p.Played("item_a") != 0 || p.Played("item_b") != 50*time.Millisecond {
		t.Errorf("after both: Played a=%v b=%v", p.Played("item_a"), p.Played("item_b"))
	}
	// 150 ms of audio: 7 full windows, a 10 ms tail window, then 0.
	if len(lv.got) != 9 || lv.got[8] != 0 {
		t.Fatalf("levels %v: want 8 windows and a final 0", lv.got)
	}
	if math.Abs(lv.got[0]-0.5/math.Sqrt2) > 0.01 || math.Abs(lv.got[6]-0.25/math.Sqrt2) > 0.01 {
		t.Errorf("levels %v: want ≈0.354 then ≈0.177", lv.got)
	}
	<-p.Idle()
	n := len(lv.got)
	p.Fill(buf)
	if len(lv.got) != n {
		t.Error("levels reported for silence")
	}
}

// TestPlayerClear: barge-in drops the queue at once and reports the item being
// played with what was heard, less the device's latency; the mouth closes (level 0).
func TestPlayerClear(t *testing.T) {
	var lv levels
	p := NewPlayer(PlaybackRate, lv.add)
	p.SetLatency(10 * time.Millisecond)
	p.Enqueue("item_a", tone(PlaybackRate, 300, 0.5, time.Second))
	p.Enqueue("item_b", tone(PlaybackRate, 300, 0.5, time.Second))
	buf := make([]int16, 480)
	for range 25 { // 500 ms handed over
		p.Fill(buf)
	}
	item, played := p.Clear()
	if item != "item_a" || played != 490*time.Millisecond {
		t.Errorf("Clear = %q, %v; want item_a, 490ms", item, played)
	}
	if lv.got[len(lv.got)-1] != 0 {
		t.Error("no closing level after Clear")
	}
	if n := p.Fill(buf); n != 0 || Peak(buf) != 0 {
		t.Errorf("after Clear the device got %d samples of audio", n)
	}
	if item, _ := p.Clear(); item != "" {
		t.Errorf("second Clear reports %q", item)
	}
}

func TestPlayerReadAndBus(t *testing.T) {
	bus := protocol.New("kin")
	sub := bus.Subscribe(protocol.AudioLevel)
	defer sub.Close()
	p := NewPlayer(PlaybackRate, LevelsTo(bus))
	p.Enqueue("x", []int16{1, -2, 300})
	b := make([]byte, 960)
	if n, err := p.Read(b); n != 960 || err != nil {
		t.Fatalf("Read = %d, %v", n, err)
	}
	if !bytes.Equal(b[:6], []byte{1, 0, 0xfe, 0xff, 0x2c, 0x01}) || Peak(FromBytes(b[6:])) != 0 {
		t.Errorf("Read bytes % x", b[:8])
	}
	var got []float64
	sub.Drain(10, func(e protocol.Event) { got = append(got, e.Payload.(protocol.AudioLevelPayload).RMS) })
	if len(got) != 1 || got[0] != 0 {
		t.Errorf("bus levels %v: lossy, so the newest (the closing 0) only", got)
	}
}

// TestEchoGate: while kin plays, its echo is replaced by silence; a voice clearly
// louder than the echo opens the gate after Hold frames, and the held frames come
// out too; with nothing playing everything passes.
func TestEchoGate(t *testing.T) {
	ref := 0.2
	g := &EchoGate{Reference: func() float64 { return ref }}
	echo := tone(CaptureRate, 500, 0.08*math.Sqrt2, 20*time.Millisecond) // RMS 0.08 < 0.2·0.5·2
	voice := tone(CaptureRate, 200, 0.4*math.Sqrt2, 20*time.Millisecond)
	for range 5 {
		out, ok := g.Process(echo)
		if ok || len(out) != len(echo) || Peak(out) != 0 {
			t.Fatalf("echo passed: ok=%v peak=%d", ok, Peak(out))
		}
	}
	var total int
	for i := range 3 {
		out, ok := g.Process(voice)
		total += len(out)
		if i < 2 && out != nil {
			t.Fatalf("frame %d of a barge-in released early", i)
		}
		if i == 2 && (!ok || len(out) != 3*len(voice) || Peak(out) == 0) {
			t.Fatalf("barge-in not let through: ok=%v len=%d", ok, len(out))
		}
	}
	if out, ok := g.Process(voice); !ok || Peak(out) == 0 {
		t.Error("gate closed while the user keeps talking")
	}
	// A short loud burst (one frame) during playback is not a barge-in.
	g.Process(echo)
	g.Process(voice)
	if out, ok := g.Process(echo); ok || len(out) != 2*len(echo) || Peak(out) != 0 {
		t.Errorf("burst: ok=%v len=%d peak=%d; want 2 silent frames", ok, len(out), Peak(out))
	}
	ref = 0
	if out, ok := g.Process(echo); !ok || Peak(out) == 0 {
		t.Error("gate closed with nothing playing")
	}
}

func TestWAVRoundTrip(t *testing.T) {
	in := Clip{Rate: 22050, Samples: []int16{0, 1, -1, 32767, -32768, 1234}}
	var b bytes.Buffer
	if err := WriteWAV(&b, in); err != nil {
		t.Fatal(err)
	}
	out, err := ReadWAV(bytes.NewReader(b.Bytes()))
	if err != nil || out.Rate != in.Rate || !slices.Equal(out.Samples, in.Samples) {
		t.Fatalf("round trip: %+v, %v", out, err)
	}
	// espeak-ng --stdout writes 0xFFFFFFFF sizes; the data runs to EOF.
	raw := b.Bytes()
	copy(raw[40:], []byte{0xff, 0xff, 0xff, 0xff})
	if out, err := ReadWAV(bytes.NewReader(raw)); err != nil || len(out.Samples) != 6 {
		t.Errorf("unknown size: %d samples, %v", len(out.Samples), err)
	}
	if _, err := ReadWAV(bytes.NewReader([]byte("RIFF0000WAVX"))); err == nil {
		t.Error("non-WAVE accepted")
	}
}

func TestWAVStereoFloat(t *testing.T) {
	var b bytes.Buffer
	hdr := []byte("RIFF\x00\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x03\x00\x02\x00\x80\x3e\x00\x00\x00\xfa\x00\x00\x08\x00\x20\x00data\x10\x00\x00\x00")
	b.Write(hdr)
	for _, f := range []uint32{0x3f000000, 0x3f000000, 0xbf800000, 0x00000000} { // (.5,.5), (-1,0)
		b.Write([]byte{byte(f), byte(f >> 8), byte(f >> 16), byte(f >> 24)})
	}
	c, err := ReadWAV(&b)
	if err != nil || c.Rate != 16000 || !slices.Equal(c.Samples, []int16{16384, -16384}) {
		t.Fatalf("stereo float: %+v, %v", c, err)
	}
}
