package audio

import (
	"sync"
	"time"
)

// LevelWindow is the span of one level measurement: 20 ms.
const LevelWindow = 20 * time.Millisecond

// echoWindows is how many recent level windows [Player.RecentLevel] looks back over.
const echoWindows = 10

// Player is kin's playback queue. Replies are queued as they arrive ([Player.Enqueue],
// tagged with the id of the reply item they belong to); the audio device pulls samples
// at its own pace ([Player.Fill] or [Player.Read]), and the Player counts what it
// handed over. So it knows what has actually been played: the position in the
// current item (minus the device's own buffer, [Player.SetLatency]), which is what
// an interrupted reply is truncated to, and the RMS of every 20 ms window, reported
// to the level callback for lip-sync and kept as the echo reference. [Player.Clear]
// stops playback at once (barge-in). Safe for concurrent use.
type Player struct {
	rate    int
	onLevel func(rms float64)

	mu       sync.Mutex
	queue    []segment
	cur      string // item whose samples were handed last
	handed   int    // samples of cur handed to the device
	latency  int    // samples the device buffers after taking them
	sound    bool   // the last window reported carried audio
	win      []int16
	winAudio bool // win holds queued audio
	recent   [echoWindows]float64
	next     int
	idle     chan struct{} // closed while the queue is empty
	tap      func(played []int16)
	onStart  func(item string)
	gain     float64 // the volume audio is played at now, 0..1
	target   float64 // the volume gain ramps towards ([Player.Duck])
}

type segment struct {
	item string
	pcm  []int16
}

// NewPlayer returns an empty queue at rate samples per second. onLevel, which may
// be nil, receives the RMS (0..1) of every 20 ms window the device takes while there
// is audio, then one 0 when playback stops or is cleared; it runs on the device's
// goroutine and must not block (post it to the bus, which never blocks).
func NewPlayer(rate int, onLevel func(rms float64)) *Player {
	p := &Player{rate: rate, onLevel: onLevel, idle: make(chan struct{}), gain: 1, target: 1}
	close(p.idle)
	p.win = make([]int16, 0, Samples(LevelWindow, rate))
	return p
}

// SetTap makes every buffer the device takes (audio and the silence after it)
// also go to tap — the echo canceller's reference (aec.Reference.Write). tap runs
// on the device's goroutine under the Player's lock and must not block.
func (p *Player) SetTap(tap func(played []int16)) {
	p.mu.Lock()
	p.tap = tap
	p.mu.Unlock()
}

// Rate is the queue's sample rate.
func (p *Player) Rate() int { return p.rate }

// SetLatency tells the Player how long the device holds samples after taking them,
// so positions report what was heard rather than what was handed over.
func (p *Player) SetLatency(d time.Duration) {
	p.mu.Lock()
	p.latency = Samples(d, p.rate)
	p.mu.Unlock()
}

// Enqueue appends pcm, part of reply item, to the queue. pcm is copied.
func (p *Player) Enqueue(item string, pcm []int16) {
	if len(pcm) == 0 {
		return
	}
	p.mu.Lock()
	if len(p.queue) == 0 {
		p.idle = make(chan struct{})
	}
	p.queue = append(p.queue, segment{item, append([]int16(nil), pcm...)})
	p.mu.Unlock()
}

// Fill hands the device len(out) samples: queued audio first, silence after. It
// returns how many samples were audio.
func (p *Player) Fill(out []int16) int {
	var levels []float64
	var started []string
	p.mu.Lock()
	n := 0
	for n < len(out) && len(p.queue) > 0 {
		s := &p.queue[0]
		if s.item != p.cur {
			p.cur, p.handed = s.item, 0
			if p.onStart != nil {
				started = append(started, s.item)
			}
		}
		c := copy(out[n:], s.pcm)
		s.pcm = s.pcm[c:]
		p.handed += c
		n += c
		if len(s.pcm) == 0 {
			p.queue[0] = segment{}
			p.queue = p.queue[1:]
		}
	}
	clear(out[n:])
	p.applyGain(out[:n])
	levels = p.measure(out, n, levels)
	if p.tap != nil {
		p.tap(out)
	}
	if len(p.queue) == 0 {
		p.queue = nil
		p.markIdle()
	}
	onStart := p.onStart
	p.mu.Unlock()
	for _, item := range started {
		onStart(item)
	}
	if p.onLevel != nil {
		for _, l := range levels {
			p.onLevel(l)
		}
	}
	return n
}

// measure feeds the level meter with what the device took: out, of which the first
// audio samples were queued audio. Windows holding audio are reported; when the
// audio stops (the queue ran dry) the partial window is reported and then a 0.
func (p *Player) measure(out []int16, audio int, levels []float64) []float64 {
	for i, s := range out {
		p.win = append(p.win, s)
		if i < audio {
			p.winAudio = true
		}
		end := i == audio-1 && len(p.queue) == 0
		if len(p.win) < cap(p.win) && !end {
			continue
		}
		rms := RMS(p.win)
		p.recent[p.next] = rms
		p.next = (p.next + 1) % echoWindows
		switch {
		case p.winAudio:
			levels = append(levels, rms)
			p.sound = true
		case p.sound:
			levels = append(levels, 0)
			p.sound = false
		}
		if end {
			levels = append(levels, 0)
			p.sound = false
		}
		p.win, p.winAudio = p.win[:0], false
	}
	return levels
}

func (p *Player) markIdle() {
	select {
	case <-p.idle:
	default:
		close(p.idle)
	}
}

// Read implements io.Reader for devices that pull bytes: it fills b with
// little-endian samples, silence when nothing is queued, and never fails.
func (p *Player) Read(b []byte) (int, error) {
	pcm := make([]int16, len(b)/2)
	p.Fill(pcm)
	for i, s := range pcm {
		b[2*i], b[2*i+1] = byte(s), byte(uint16(s)>>8)
	}
	return 2 * len(pcm), nil
}

// Clear drops everything queued — playback stops at once — and returns the item that
// was playing with how much of it was heard (zero item when nothing had played).
func (p *Player) Clear() (item string, played time.Duration) {
	p.mu.Lock()
	wasPlaying := len(p.queue) > 0 || p.sound
	p.queue = nil
	if wasPlaying {
		item, played = p.cur, Duration(max(p.handed-p.latency, 0), p.rate)
	}
	p.sound, p.winAudio = false, false
	p.win = p.win[:0]
	p.gain, p.target = 1, 1
	p.markIdle()
	p.mu.Unlock()
	if wasPlaying && p.onLevel != nil {
		p.onLevel(0)
	}
	return item, played
}

// Played is how much of item has been heard; zero unless item is the one playing or
// the last one played.
func (p *Player) Played(item string) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	if item != p.cur {
		return 0
	}
	return Duration(max(p.handed-p.latency, 0), p.rate)
}

// Pending is how much queued audio the device has not taken yet.
func (p *Player) Pending() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, s := range p.queue {
		n += len(s.pcm)
	}
	return Duration(n, p.rate)
}

// Idle returns a channel closed while nothing is queued.
func (p *Player) Idle() <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.idle
}

// RecentLevel is the loudest 20 ms window of the last 200 ms the device took: the
// reference for echo gating.
func (p *Player) RecentLevel() float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	m := 0.0
	for _, l := range p.recent {
		m = max(m, l)
	}
	return m
}
