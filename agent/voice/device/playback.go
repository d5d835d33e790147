package device

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/gen2brain/malgo"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// PlaybackOptions choose and tune the speaker.
type PlaybackOptions struct {
	// Device is a name, or part of one, as [Speakers] lists; "" is the system's
	// default speaker.
	Device string
	// Buffer is a device period; smaller is quicker to fall silent on barge-in
	// but risks glitches. Default 20 ms; the device holds two periods, so
	// ≤ 40 ms to silence.
	Buffer time.Duration
	// Null plays into miniaudio's null backend (paced in real time): tests and
	// machines without a sound card that still want the timing.
	Null bool
}

// Playback is an open speaker pulling from an [audio.Player].
type Playback struct {
	ctx  *malgo.AllocatedContext
	dev  *malgo.Device
	name string
	last atomic.Int64 // when the device last pulled, in Unix nanoseconds
}

// speakerSilence is how long a started speaker may pull nothing before kin
// takes it for gone: a working one pulls every period, silence included.
// miniaudio does not report a PulseAudio stream the server dropped (its sink
// unplugged or unloaded) as stopped, and reports a sink merely suspended as
// stopped, so the pulling is what is watched.
const speakerSilence = 3 * time.Second

// closeWait is how long Close waits for the device to stop: miniaudio's
// PulseAudio backend waits forever for a stream the server already dropped.
const closeWait = time.Second

// OpenPlayback starts playing p on the speaker opt.Device names and tells p
// the device's latency. A name no speaker has fails with an
// [*UnknownDeviceError]; [OpenSpeaker] falls back to the default instead.
// Every failure wraps [ErrNoDevice].
func OpenPlayback(p *audio.Player, opt PlaybackOptions) (*Playback, error) {
	if opt.Buffer == 0 {
		opt.Buffer = 20 * time.Millisecond
	}
	ctx, err := initContext(opt.Null)
	if err != nil {
		return nil, err
	}
	pb := &Playback{ctx: ctx}
	cfg, latency := playbackConfig(p.Rate(), opt)
	name, id, free, err := find(ctx, malgo.Playback, opt.Device)
	if err != nil {
		pb.Close()
		return nil, noDevice(err)
	}
	defer free()
	pb.name, cfg.Playback.DeviceID = name, id
	dev, err := malgo.InitDevice(ctx.Context, cfg, malgo.DeviceCallbacks{Data: pb.fill(p)})
	if err != nil {
		pb.Close()
		return nil, fmt.Errorf("%w: open speaker %s: %v", ErrNoDevice, pb.label(), err)
	}
	pb.dev = dev
	pb.last.Store(time.Now().UnixNano())
	p.SetLatency(latency)
	if err := dev.Start(); err != nil {
		pb.Close()
		return nil, fmt.Errorf("%w: start speaker %s: %v", ErrNoDevice, pb.label(), err)
	}
	return pb, nil
}

// playbackConfig is the device configuration for mono s16 at rate, and how
// long the device holds what it takes: two periods of opt.Buffer, or on the
// null backend its own pacing (half-buffer periods, as platform.md measured).
func playbackConfig(rate int, opt PlaybackOptions) (malgo.DeviceConfig, time.Duration) {
	cfg := malgo.DefaultDeviceConfig(malgo.Playback)
	cfg.Playback.Format = malgo.FormatS16
	cfg.Playback.Channels = 1
	cfg.SampleRate = uint32(rate)
	if opt.Null {
		cfg.PeriodSizeInFrames = uint32(audio.Samples(opt.Buffer/2, rate))
		return cfg, opt.Buffer
	}
	cfg.PeriodSizeInFrames = uint32(audio.Samples(opt.Buffer, rate))
	cfg.Periods = 2
	return cfg, 2 * opt.Buffer
}

// fill is the device's data callback: it hands p's samples over as
// little-endian s16, reusing one buffer, and notes the time.
func (pb *Playback) fill(p *audio.Player) malgo.DataProc {
	var buf []int16
	return func(out, _ []byte, n uint32) {
		pb.last.Store(time.Now().UnixNano())
		if cap(buf) < int(n) {
			buf = make([]int16, n)
		}
		buf = buf[:n]
		p.Fill(buf)
		for i, s := range buf {
			out[2*i], out[2*i+1] = byte(s), byte(uint16(s)>>8)
		}
	}
}

// Name is the speaker's name as the system lists it; "" for a default speaker
// the system does not name.
func (pb *Playback) Name() string { return pb.name }

// label names the speaker in messages.
func (pb *Playback) label() string {
	if pb.name == "" {
		return "(the default)"
	}
	return fmt.Sprintf("%q", pb.name)
}

// Err reports a device failure after opening (a speaker unplugged, the sound
// server gone: the device stopped pulling), or nil.
func (pb *Playback) Err() error {
	if pb.dev == nil {
		return nil
	}
	if quiet := time.Since(time.Unix(0, pb.last.Load())); quiet > speakerSilence {
		return fmt.Errorf("%w: speaker %s took no sound for %v (unplugged?)", ErrNoDevice, pb.label(), quiet.Round(time.Second))
	}
	return nil
}

// Close stops playing. A device that does not stop within a second is left
// behind (its thread waits on a sound server that dropped it) and reported.
func (pb *Playback) Close() error {
	dev, ctx := pb.dev, pb.ctx
	pb.dev, pb.ctx = nil, nil
	done := make(chan struct{})
	go func() {
		defer close(done)
		if dev != nil {
			dev.Uninit()
		}
		if ctx != nil {
			ctx.Uninit()
			ctx.Free()
		}
	}()
	select {
	case <-done:
		return nil
	case <-time.After(closeWait):
		return fmt.Errorf("device: speaker %s did not stop within %v; left behind", pb.label(), closeWait)
	}
}
