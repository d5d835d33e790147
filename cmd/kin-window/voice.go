package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/voice/aec"
	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/cascade"
	"github.com/kin-companion/kin/agent/voice/device"
	"github.com/kin-companion/kin/agent/voice/wakeword"
	"github.com/kin-companion/kin/internal/companion"
)

// voiceFlags are the window's voice options.
type voiceFlags struct {
	path, mic, wake, tts string
	speaker              string // the speaker's name, or part of it ("": the system's)
	voiceName            string // the provider's voice (settings, else the manifest)
	wakeTimeout          time.Duration
	muted                *atomic.Bool // the microphone is muted: silence goes on instead
}

// voice is a running voice loop.
type voice struct {
	stop    func()
	speaker *device.Speaker
	ptt     chan *cascade.Pipeline // the cascade pipeline, once built
	pipe    atomic.Pointer[cascade.Pipeline]
}

// pushToTalk holds or releases the talk key (the cascaded path only;
// realtime servers detect speech themselves).
func (v *voice) pushToTalk(down bool) {
	select {
	case p := <-v.ptt:
		v.pipe.Store(p)
	default:
	}
	if p := v.pipe.Load(); p != nil {
		p.PushToTalk(down)
	}
}

// startVoice opens the microphone and speaker and holds voice conversation
// in the background; anything that keeps voice from working becomes a
// notice for the screen and kin carries on text-only.
func startVoice(ctx context.Context, c *companion.Companion, f voiceFlags) (*voice, []string) {
	path := f.path
	if path == "auto" {
		if path = companion.AutoVoice(companion.KeyedGetenv(nil)); path == "" {
			return nil, []string{"Voice is off: set OPENAI_API_KEY or GEMINI_API_KEY for realtime speech, or run with --voice cascade."}
		}
	}
	if path == "off" || path == "" {
		return nil, nil
	}
	player := audio.NewPlayer(audio.PlaybackRate, audio.LevelsTo(c.Bus))
	spk, notice, err := device.OpenSpeaker(player, device.PlaybackOptions{Device: f.speaker})
	if err != nil {
		return nil, []string{fmt.Sprintf("Voice is off (%v)", err)}
	}
	var notices []string
	if notice != "" {
		notices = append(notices, notice)
	}
	frames := make(chan []int16, 32)
	var lastFrame atomic.Int64
	lastFrame.Store(time.Now().UnixNano())
	micLevel := audio.MicLevelsTo(c.Bus)
	capture, err := device.OpenCapture(device.CaptureOptions{Device: f.mic}, func(fr []int16) {
		lastFrame.Store(time.Now().UnixNano())
		if f.muted != nil && f.muted.Load() {
			clear(fr) // muted: the conversation hears silence, and the device watch still sees frames
		}
		micLevel(fr)
		select {
		case frames <- append([]int16(nil), fr...):
		default: // the voice loop is behind: drop a frame rather than block the audio thread
		}
	})
	if err != nil {
		spk.Close()
		return nil, []string{fmt.Sprintf("Voice is off (%v)", err)}
	}
	ctx, cancel := context.WithCancel(ctx)
	var mic <-chan []int16 = frames
	if f.wake != "" {
		gated, err := wakeGate(ctx, c.Bus, frames, f)
		if err != nil {
			notices = append(notices, fmt.Sprintf("Wake word %q: %v; kin listens all the time.", f.wake, err))
		} else {
			mic = gated
			notices = append(notices, fmt.Sprintf("Say %q to wake kin.", f.wake))
		}
	}
	v := &voice{ptt: make(chan *cascade.Pipeline, 1), speaker: spk}
	go watchDevices(ctx, time.Second, func() time.Time { return time.Unix(0, lastFrame.Load()) }, spk.Err, func(why string) {
		c.Bus.Emit(protocol.PresencePayload{State: "offline"})
		c.Bus.Emit(protocol.SkillErrorPayload{Skill: "voice", Error: why + "; kin goes on text-only"})
	})
	done := make(chan struct{})
	go func() {
		defer close(done)
		err := c.Talk(ctx, companion.VoiceOptions{Path: path, TTS: f.tts, Echo: echoStage(player), Voice: f.voiceName,
			TTSVoice: ttsVoice(f), Getenv: companion.KeyedGetenv(nil)},
			player, mic, func(p *cascade.Pipeline) { v.ptt <- p })
		if err != nil && !errors.Is(err, context.Canceled) {
			c.Bus.Emit(protocol.PresencePayload{State: "offline"})
			c.Bus.Emit(protocol.SkillErrorPayload{Skill: "voice", Error: err.Error()})
		}
	}()
	v.stop = func() {
		cancel()
		capture.Close()
		<-done
		spk.Close()
	}
	return v, notices
}

// useSpeaker moves the running conversation's sound to the speaker named
// name ("" the system's), from the next sample on. A speaker that is not
// there is an error saying so, while the default one plays.
func (v *voice) useSpeaker(name string) error {
	notice, err := v.speaker.Use(name)
	if err != nil {
		return err
	}
	if notice != "" {
		return errors.New(notice)
	}
	return nil
}

// wakeGate loads the wake word's template and gates the microphone with it.
func wakeGate(ctx context.Context, bus *protocol.Bus, frames <-chan []int16, f voiceFlags) (<-chan []int16, error) {
	path := filepath.Join(wakeword.DefaultDir(), f.wake+".json")
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("no template (record one with: kin wakeword record %s)", f.wake)
	}
	t, err := wakeword.Load(path)
	if err != nil {
		return nil, err
	}
	awake := &wakeword.Awake{Timeout: f.wakeTimeout}
	presence := func(s string) func() { return func() { bus.Emit(protocol.PresencePayload{State: s}) } }
	return wakeword.Gate(ctx, frames, wakeword.NewDetector(t, wakeword.Options{}), awake, presence("listening"), presence("asleep")), nil
}

// micSilence is how long a microphone may deliver nothing before kin takes
// it for unplugged (a working one delivers a frame every 20 ms).
const micSilence = 3 * time.Second

// watchDevices checks every tick that the microphone still delivers frames
// and the speaker still plays, and calls lost once when either stops.
func watchDevices(ctx context.Context, tick time.Duration, lastFrame func() time.Time, speakerErr func() error, lost func(why string)) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if err := speakerErr(); err != nil {
				lost(fmt.Sprintf("the speaker stopped: %v", err))
				return
			}
			if now.Sub(lastFrame()) > micSilence {
				lost("the microphone stopped delivering sound (unplugged?)")
				return
			}
		}
	}
}

// echoStage is the microphone's echo stage: the echo canceller fed with what
// the speaker takes, the level gate behind it; the level gate alone if the
// reference cannot be set up.
func echoStage(player *audio.Player) interface {
	Process(frame []int16) ([]int16, bool)
} {
	ref, err := aec.NewReference(audio.PlaybackRate, audio.CaptureRate)
	if err != nil {
		return &audio.EchoGate{Reference: player.RecentLevel}
	}
	player.SetTap(ref.Write)
	return aec.NewEcho(ref, player.RecentLevel)
}

// ttsVoice is the cascaded speech's voice: the voice name, except for
// espeak, whose voices are languages.
func ttsVoice(f voiceFlags) string {
	if f.tts == "" || f.tts == "espeak" {
		return ""
	}
	return f.voiceName
}
