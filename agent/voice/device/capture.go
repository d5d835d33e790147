package device

import (
	"errors"
	"fmt"
	"sync"

	"github.com/gen2brain/malgo"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// ErrNoDevice is wrapped by every failure to open an audio device.
var ErrNoDevice = errors.New("device: no usable audio device; kin goes on text-only")

// nullBackend is miniaudio's null backend. malgo v0.11.24's BackendNull constant is
// 13, which miniaudio reads as "custom"; 14 is the real one (platform.md).
const nullBackend = malgo.Backend(14)

// FrameSamples is the size of a capture frame: 20 ms at 16 kHz.
const FrameSamples = audio.CaptureRate / 50

// CaptureOptions choose the microphone.
type CaptureOptions struct {
	// Device is a name, or part of one, as [CaptureDevices] lists; "" is the default.
	Device string
	// Null captures silence from miniaudio's null backend, paced in real time
	// (tests, demos).
	Null bool
}

// Capture is an open microphone.
type Capture struct {
	ctx *malgo.AllocatedContext
	dev *malgo.Device

	mu      sync.Mutex
	pending []int16
	onFrame func([]int16)
}

func backends(null bool) []malgo.Backend {
	if null {
		return []malgo.Backend{nullBackend}
	}
	return nil // miniaudio's default order for the platform
}

func initContext(null bool) (*malgo.AllocatedContext, error) {
	quietALSA()
	ctx, err := malgo.InitContext(backends(null), malgo.ContextConfig{}, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoDevice, err)
	}
	return ctx, nil
}

// noDevice makes err one that wraps ErrNoDevice.
func noDevice(err error) error {
	if errors.Is(err, ErrNoDevice) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrNoDevice, err)
}

// CaptureDevices lists the microphones' names ([Microphones] also says which
// is the default).
func CaptureDevices(null bool) ([]string, error) {
	devs, err := Microphones(null)
	names := make([]string, len(devs))
	for i, d := range devs {
		names[i] = d.Name
	}
	return names, err
}

// OpenCapture starts the microphone; onFrame receives every 20 ms frame (320
// samples at 16 kHz) on miniaudio's thread and must not block.
func OpenCapture(opt CaptureOptions, onFrame func([]int16)) (*Capture, error) {
	ctx, err := initContext(opt.Null)
	if err != nil {
		return nil, err
	}
	c := &Capture{ctx: ctx, onFrame: onFrame}
	cfg := malgo.DefaultDeviceConfig(malgo.Capture)
	cfg.Capture.Format = malgo.FormatS16
	cfg.Capture.Channels = 1
	cfg.SampleRate = audio.CaptureRate
	cfg.PeriodSizeInFrames = FrameSamples
	if opt.Device != "" {
		_, id, free, err := find(ctx, malgo.Capture, opt.Device)
		if err != nil {
			c.Close()
			return nil, noDevice(err)
		}
		defer free()
		cfg.Capture.DeviceID = id
	}
	dev, err := malgo.InitDevice(ctx.Context, cfg, malgo.DeviceCallbacks{Data: c.data})
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("%w: open microphone: %v", ErrNoDevice, err)
	}
	c.dev = dev
	if err := dev.Start(); err != nil {
		c.Close()
		return nil, fmt.Errorf("%w: start microphone: %v", ErrNoDevice, err)
	}
	return c, nil
}

// data cuts miniaudio's buffers into 20 ms frames.
func (c *Capture) data(_, in []byte, _ uint32) {
	c.mu.Lock()
	c.pending = append(c.pending, audio.FromBytes(in)...)
	var frames [][]int16
	for len(c.pending) >= FrameSamples {
		frames = append(frames, append([]int16(nil), c.pending[:FrameSamples]...))
		c.pending = c.pending[FrameSamples:]
	}
	c.pending = append(c.pending[:0:0], c.pending...)
	c.mu.Unlock()
	for _, f := range frames {
		c.onFrame(f)
	}
}

// Close stops the microphone.
func (c *Capture) Close() error {
	if c.dev != nil {
		c.dev.Uninit()
		c.dev = nil
	}
	if c.ctx != nil {
		c.ctx.Uninit()
		c.ctx.Free()
		c.ctx = nil
	}
	return nil
}
