package realtime

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/voice/turn"
)

// MaxToolRounds caps the tool rounds between two user turns.
const MaxToolRounds = 10

// Max1008Retries caps reconnects after Gemini's close 1008.
const Max1008Retries = 3

// Playback is where reply audio goes: [audio.Player] implements it.
type Playback interface {
	Enqueue(item string, pcm []int16)
	// Clear stops playback at once and reports the item that was playing (or "")
	// and how much of it was heard.
	Clear() (item string, heard time.Duration)
}

// EchoFilter takes each 16 kHz microphone frame and returns what should be
// heard, as [audio.EchoGate.Process] does.
type EchoFilter interface {
	Process(frame []int16) (out []int16, passed bool)
}

// Status is what the session shows on screen.
type Status string

// The statuses, posted to the bus as [protocol.PresencePayload].
const (
	Connecting Status = "connecting"
	Listening  Status = "listening"
	Thinking   Status = "thinking"
	Speaking   Status = "speaking"
	Offline    Status = "offline"
)

// Session is one spoken conversation. Fill the fields, then call [Session.Run].
type Session struct {
	Dialer   Dialer
	Config   Config     // persona, memory, voice; Tools is filled from Tools.Tools()
	Tools    ToolRunner // nil: no tools
	Playback Playback
	// Bus, if set, receives presence (status), speech bubbles (the assistant's
	// transcripts as Speak) and thoughts (Think while tools run).
	Bus *protocol.Bus
	// OnTranscript, if set, receives every final transcript (the transcript store).
	OnTranscript func(Transcript)
	// Echo, if set, keeps kin from hearing itself: an *audio.EchoGate, or an
	// *aec.Echo (echo canceller with the gate behind it).
	Echo EchoFilter
	// LocalBargeIn, if set, is kin's own detector of the user starting to speak
	// (fed the gated 16 kHz microphone); it interrupts playback without waiting
	// for the server.
	LocalBargeIn interface{ Write([]int16) bool }
	// Floor, if set, replaces LocalBargeIn with a detector that tells
	// backchannels from interruptions (a *turn.BargeIn): a "mhm" while kin speaks
	// ducks the playback to DuckGain (when Playback has a Duck method, as
	// *audio.Player does) and restores it; only real speech stops kin. The
	// server's own speech_started then ducks too, leaving the decision to Floor;
	// a server that cancelled the reply itself (Interrupted) still stops kin.
	Floor interface{ Write([]int16) turn.Action }
	// DuckGain is the volume kin drops to while the user makes a sound; 0.3.
	DuckGain float64
	// Stats, if set, receives the timing of each turn's stages; nil takes the
	// one [WithStats] put in Run's context, if any.
	Stats *Stats

	FillerAfter time.Duration // a tool running longer gets a spoken filler; 3 s
	FillerText  string        // default "One moment, I'm on it."
	// FillerAudio is the filler already spoken (24 kHz), played locally
	// when the connection cannot speak one itself (Gemini Live blocks on
	// tool calls); nil leaves those connections silent, with a thought.
	FillerAudio []int16
	// IdleAfterInput: once the microphone channel is closed, Run returns after the
	// conversation has been idle this long; 1.5 s.
	IdleAfterInput time.Duration
	MaxReconnects  int // failed dials, or drops before anything was said, in a row before going offline; 6
	// DialTimeout bounds connecting and the protocol's setup: a server that
	// accepts and never answers counts as a failed dial after it; 15 s.
	DialTimeout time.Duration
	// Sleep waits between reconnects; tests replace it. Default: a timer.
	Sleep func(ctx context.Context, d time.Duration) error

	mu      sync.Mutex
	history []Turn
	handle  string
	status  Status
	control chan string // voice switches
	say     chan string // things kin itself wants said (a reminder)
	once    sync.Once
	// progress is set by serve when the conversation moved on (a reply
	// finished): the fault counts start again.
	progress bool
}

func (s *Session) init() {
	s.once.Do(func() {
		s.control = make(chan string, 1)
		s.say = make(chan string, 4)
		if s.FillerAfter == 0 {
			s.FillerAfter = 3 * time.Second
		}
		if s.FillerText == "" {
			s.FillerText = "One moment, I'm on it."
		}
		if s.IdleAfterInput == 0 {
			s.IdleAfterInput = 1500 * time.Millisecond
		}
		if s.DuckGain == 0 {
			s.DuckGain = 0.3
		}
		if s.MaxReconnects == 0 {
			s.MaxReconnects = 6
		}
		if s.DialTimeout == 0 {
			s.DialTimeout = 15 * time.Second
		}
		if s.Sleep == nil {
			s.Sleep = sleep
		}
		if s.Tools != nil {
			s.Config.Tools = s.Tools.Tools()
		}
		if p, ok := s.Playback.(interface{ SetOnStart(func(string)) }); ok && s.Stats != nil {
			p.SetOnStart(s.Stats.Started)
		}
		s.history = append(s.history, s.Config.History...)
	})
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Backoff is the wait before reconnect attempt n (0-based): 1 s doubling to 16 s.
func Backoff(n int) time.Duration { return time.Second << min(n, 4) }

// SwitchVoice reconnects with another voice, keeping the conversation.
func (s *Session) SwitchVoice(voice string) {
	s.init()
	select {
	case s.control <- voice:
	default:
	}
}

// Announce has the model say text to the user now, in its own voice and
// words — a reminder falling due while the conversation runs. It reports
// false when the conversation is too busy to take it (the caller shows it
// another way).
func (s *Session) Announce(text string) bool {
	s.init()
	select {
	case s.say <- text:
		return true
	default:
		return false
	}
}

// History is the conversation so far.
func (s *Session) History() []Turn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Turn(nil), s.history...)
}

// errInputDone ends Run normally: the microphone closed and the talk went quiet.
var errInputDone = errors.New("realtime: input done")

// switchVoice is returned by serve when the user switched voices.
type switchVoice struct{ voice string }

func (switchVoice) Error() string { return "realtime: voice switch" }

// Run holds the conversation until ctx ends (returning ctx.Err()), mic is closed
// and everything said has been answered (nil), or the connection cannot be
// restored (the error; status offline). mic carries 16 kHz frames; a producer
// that must not block should drop frames when the channel is full.
func (s *Session) Run(ctx context.Context, mic <-chan []int16) error {
	if s.Stats == nil {
		s.Stats = statsFrom(ctx)
	}
	if s.Stats == nil && s.Bus != nil { // the window's F1 panel shows each turn
		s.Stats = &Stats{}
	}
	if s.Stats != nil && s.Bus != nil {
		s.Stats.Publish(s.Bus, "realtime")
	}
	s.init()
	scenario, n1008 := NewSession, 0
	var f faults
	for {
		s.setStatus(Connecting)
		cfg := s.Config
		cfg.Scenario = scenario
		s.mu.Lock()
		cfg.History, cfg.Resume = append([]Turn(nil), s.history...), s.handle
		s.mu.Unlock()
		dctx, cancel := context.WithTimeout(ctx, s.DialTimeout)
		conn, err := s.Dialer.Dial(dctx, cfg)
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err := s.dialFailed(&f, err); err != nil {
				s.setStatus(Offline)
				return err
			}
			if err := s.Sleep(ctx, Backoff(f.dials-1)); err != nil {
				return err
			}
			continue
		}
		f.dials = 0
		s.setStatus(Listening)
		s.progress = false
		began := time.Now()
		err = s.serve(ctx, conn, mic)
		conn.Close()
		var ce *CloseError
		var sv switchVoice
		switch {
		case ctx.Err() != nil:
			s.setStatus(Offline)
			return ctx.Err()
		case errors.Is(err, errInputDone):
			s.setStatus(Offline)
			return nil
		case errors.As(err, &sv):
			s.Config.Voice, scenario = sv.voice, VoiceSwitch
		case errors.Is(err, ErrGoAway):
			scenario = SilentReconnect
		case errors.As(err, &ce) && ce.Code == ClosePolicy:
			if n1008++; n1008 > Max1008Retries {
				s.setStatus(Offline)
				return fmt.Errorf("realtime: %d closes with 1008: %w", n1008, err)
			}
			scenario = ToolRetry
			s.mu.Lock()
			s.handle = "" // a policy close may be caused by the session itself
			s.mu.Unlock()
			if err := s.Sleep(ctx, Backoff(n1008-1)); err != nil {
				return err
			}
		default:
			scenario = SilentReconnect
			step, stop := s.lost(&f, err, s.progress || time.Since(began) > healthyConn)
			if stop != nil {
				s.setStatus(Offline)
				return stop
			}
			if err := s.Sleep(ctx, Backoff(step)); err != nil {
				return err
			}
		}
	}
}

func (s *Session) setStatus(st Status) {
	s.mu.Lock()
	changed := s.status != st
	s.status = st
	s.mu.Unlock()
	if changed && s.Bus != nil {
		s.Bus.Emit(protocol.PresencePayload{State: string(st)})
	}
}

// Status is the session's current status.
func (s *Session) Status() Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.status
}

func (s *Session) addTurn(t Turn) {
	s.mu.Lock()
	s.history = append(s.history, t)
	if len(s.history) > 40 {
		s.history = s.history[len(s.history)-40:]
	}
	s.mu.Unlock()
}
