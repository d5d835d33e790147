package device

import (
	"fmt"
	"sync"
	"time"

	"github.com/ebitengine/oto/v3"
	"github.com/gen2brain/malgo"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// PlaybackOptions tune the speaker.
type PlaybackOptions struct {
	// Buffer is the device buffer; smaller is quicker to fall silent on barge-in
	// but risks glitches. Default 20 ms (oto holds two buffers: ≤ 40 ms to silence).
	Buffer time.Duration
	// Null plays into miniaudio's null backend (paced in real time) instead of oto:
	// tests and machines without a sound card that still want the timing.
	Null bool
	// Wait is how long to wait for the device to report ready or failed; 2 s.
	Wait time.Duration
}

// Playback is an open speaker pulling from an [audio.Player].
type Playback struct {
	player *oto.Player
	mctx   *malgo.AllocatedContext
	mdev   *malgo.Device
}

var (
	otoOnce sync.Once
	otoCtx  *oto.Context
	otoErr  error
)

// OpenPlayback starts playing p (24 kHz) and tells it the device latency.
func OpenPlayback(p *audio.Player, opt PlaybackOptions) (*Playback, error) {
	if opt.Buffer == 0 {
		opt.Buffer = 20 * time.Millisecond
	}
	if opt.Wait == 0 {
		opt.Wait = 2 * time.Second
	}
	if opt.Null {
		return openNull(p, opt)
	}
	quietALSA()
	otoOnce.Do(func() { // oto allows one context per process
		var ready chan struct{}
		otoCtx, ready, otoErr = oto.NewContext(&oto.NewContextOptions{SampleRate: p.Rate(), ChannelCount: 1,
			Format: oto.FormatSignedInt16LE, BufferSize: opt.Buffer})
		if otoErr == nil {
			select {
			case <-ready:
			case <-time.After(opt.Wait):
				otoErr = fmt.Errorf("not ready after %v", opt.Wait)
			}
		}
		if otoErr == nil {
			otoErr = otoCtx.Err()
		}
	})
	if otoErr != nil {
		return nil, fmt.Errorf("%w: open speaker: %v", ErrNoDevice, otoErr)
	}
	if err := otoCtx.Err(); err != nil {
		return nil, fmt.Errorf("%w: speaker: %v", ErrNoDevice, err)
	}
	pl := otoCtx.NewPlayer(p)
	pl.SetBufferSize(2 * audio.Samples(opt.Buffer, p.Rate()))
	p.SetLatency(2 * opt.Buffer)
	pl.Play()
	return &Playback{player: pl}, nil
}

func openNull(p *audio.Player, opt PlaybackOptions) (*Playback, error) {
	ctx, err := initContext(true)
	if err != nil {
		return nil, err
	}
	cfg := malgo.DefaultDeviceConfig(malgo.Playback)
	cfg.Playback.Format = malgo.FormatS16
	cfg.Playback.Channels = 1
	cfg.SampleRate = uint32(p.Rate())
	cfg.PeriodSizeInFrames = uint32(audio.Samples(opt.Buffer/2, p.Rate()))
	var buf []int16
	dev, err := malgo.InitDevice(ctx.Context, cfg, malgo.DeviceCallbacks{Data: func(out, _ []byte, n uint32) {
		if cap(buf) < int(n) {
			buf = make([]int16, n)
		}
		buf = buf[:n]
		p.Fill(buf)
		for i, s := range buf {
			out[2*i], out[2*i+1] = byte(s), byte(uint16(s)>>8)
		}
	}})
	if err != nil {
		ctx.Uninit()
		ctx.Free()
		return nil, fmt.Errorf("%w: open null speaker: %v", ErrNoDevice, err)
	}
	p.SetLatency(opt.Buffer)
	if err := dev.Start(); err != nil {
		dev.Uninit()
		ctx.Uninit()
		ctx.Free()
		return nil, fmt.Errorf("%w: start null speaker: %v", ErrNoDevice, err)
	}
	return &Playback{mctx: ctx, mdev: dev}, nil
}

// Err reports a device failure after opening (a speaker unplugged), or nil.
func (pb *Playback) Err() error {
	if pb.player != nil {
		if err := pb.player.Err(); err != nil {
			return fmt.Errorf("%w: speaker: %v", ErrNoDevice, err)
		}
	}
	return nil
}

// Close stops playing.
func (pb *Playback) Close() error {
	if pb.player != nil {
		pb.player.Pause() // oto v3.4 players need no Close
		return nil
	}
	if pb.mdev != nil {
		pb.mdev.Uninit()
		pb.mctx.Uninit()
		pb.mctx.Free()
	}
	return nil
}
