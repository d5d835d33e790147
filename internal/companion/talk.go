package companion

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/cascade"
	"github.com/kin-companion/kin/agent/voice/espeak"
	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/agent/voice/realtime/gemini"
	"github.com/kin-companion/kin/agent/voice/realtime/openai"
	"github.com/kin-companion/kin/agent/voice/turn"
)

// The voice paths.
const (
	VoiceOpenAI  = "openai-realtime"
	VoiceGemini  = "gemini-live"
	VoiceCascade = "cascade"
)

// VoiceOptions configures [Companion.Talk]. Endpoints follow the SDKs'
// variables: OPENAI_API_KEY and OPENAI_BASE_URL (the realtime URL derives
// from it), GEMINI_API_KEY / GOOGLE_API_KEY and GOOGLE_GEMINI_BASE_URL,
// ELEVENLABS_API_KEY and ELEVENLABS_BASE_URL.
type VoiceOptions struct {
	Path         string // VoiceOpenAI, VoiceGemini or VoiceCascade
	Voice        string // the provider's voice name
	Model        string // the realtime model ("" for the provider's)
	Instructions string // replaces the agent's prompt when set
	TTS          string // cascade: espeak (default), openai or elevenlabs
	TTSVoice     string
	STTModel     string
	// Idle: once the microphone closes, finish after this much quiet
	// (kin talk); 0 keeps listening until ctx ends (the window).
	Idle         time.Duration
	Echo         realtime.EchoFilter // optional: keeps kin from hearing itself (nil: nothing)
	OnTranscript func(user bool, text string)
	// OnError, if set, receives each cascade turn that failed (see
	// cascade.Pipeline.OnError).
	OnError func(err error)
	Getenv  func(string) string // default os.Getenv
}

// Talk holds a voice conversation: 16 kHz microphone frames in, speech
// out through player (whose levels drive lip-sync), with the agent's
// persona, memory, tools and transcript. It returns when ctx ends, or with
// Idle set when the microphone has closed and the conversation is quiet.
// ready, when not nil, receives the cascade pipeline (for push-to-talk).
func (c *Companion) Talk(ctx context.Context, o VoiceOptions, player *audio.Player, mic <-chan []int16, ready func(*cascade.Pipeline)) error {
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	say := func(user bool, text string) {
		if o.OnTranscript != nil {
			o.OnTranscript(user, text)
		}
	}
	switch o.Path {
	case VoiceOpenAI, VoiceGemini:
		d, err := dialer(o)
		if err != nil {
			return err
		}
		cfg := c.VoiceConfig(ctx, o.Voice)
		if o.Instructions != "" {
			cfg.Instructions = o.Instructions
		}
		s := &realtime.Session{Dialer: d, Playback: player, IdleAfterInput: o.Idle, Config: cfg,
			Tools: c.ToolRunner(), Bus: c.Bus, Echo: o.Echo, FillerAudio: localFiller(ctx),
			Floor: turn.NewBargeIn(turn.Config{}),
			OnTranscript: func(t realtime.Transcript) {
				c.RecordTranscript(t)
				if t.Role == realtime.User {
					c.Gate.Voice.Heard(t.Text) // a spoken yes or no to a high-risk call
				}
				say(t.Role == realtime.User, t.Text)
			}}
		c.voice.Set(switcher{s, voicesOf(o.Path)})
		c.live.Store(s)
		defer func() { c.voice.Set(nil); c.live.Store(nil) }()
		return s.Run(ctx, mic)
	case VoiceCascade:
		p, err := c.pipeline(o, player)
		if err != nil {
			return err
		}
		p.OnTranscript = func(role, text string) { say(role == "user", text) }
		p.OnError = o.OnError
		if ready != nil {
			ready(p)
		}
		c.spoken.Store(p)
		defer c.spoken.Store(nil)
		return p.Run(ctx, mic)
	}
	return fmt.Errorf("unknown voice path %q: want %s, %s or %s", o.Path, VoiceOpenAI, VoiceGemini, VoiceCascade)
}

// dialer builds the realtime connection for the chosen path.
func dialer(o VoiceOptions) (realtime.Dialer, error) {
	if o.Path == VoiceOpenAI {
		u, err := openai.URLFromBase(o.Getenv("OPENAI_BASE_URL"))
		if err != nil {
			return nil, err
		}
		key := o.Getenv("OPENAI_API_KEY")
		if key == "" {
			return nil, errors.New("OPENAI_API_KEY is not set")
		}
		return &openai.Dialer{URL: u, APIKey: key, Model: o.Model, Turn: openai.TurnDetection{NoInterrupt: true}}, nil
	}
	u, err := gemini.URLFromBase(o.Getenv("GOOGLE_GEMINI_BASE_URL"))
	if err != nil {
		return nil, err
	}
	key := first(o.Getenv("GEMINI_API_KEY"), o.Getenv("GOOGLE_API_KEY"))
	if key == "" {
		return nil, errors.New("GEMINI_API_KEY (or GOOGLE_API_KEY) is not set")
	}
	return &gemini.Dialer{URL: u, APIKey: key, Model: o.Model}, nil
}

// pipeline builds the cascaded path: OpenAI-compatible transcription, the
// agent's runtime, and the chosen text-to-speech.
func (c *Companion) pipeline(o VoiceOptions, player *audio.Player) (*cascade.Pipeline, error) {
	base := first(o.Getenv("OPENAI_BASE_URL"), "https://api.openai.com/v1")
	key := o.Getenv("OPENAI_API_KEY")
	var tts cascade.Synthesizer
	switch first(o.TTS, "espeak") {
	case "espeak":
		if !espeak.Available() {
			return nil, espeak.ErrMissing
		}
		tts = cascade.EspeakTTS{Options: espeak.Options{Voice: o.TTSVoice}}
	case "openai":
		tts = &cascade.OpenAITTS{BaseURL: base, APIKey: key, Voice: o.TTSVoice}
	case "elevenlabs":
		tts = &cascade.ElevenLabsTTS{BaseURL: o.Getenv("ELEVENLABS_BASE_URL"), APIKey: o.Getenv("ELEVENLABS_API_KEY"),
			VoiceID: first(o.TTSVoice, "21m00Tcm4TlvDq8ikWAM")}
	default:
		return nil, fmt.Errorf("unknown text-to-speech %q: want espeak, openai or elevenlabs", o.TTS)
	}
	return &cascade.Pipeline{Echo: o.Echo, STT: &cascade.OpenAISTT{BaseURL: base, APIKey: key, Model: o.STTModel},
		Brain: c.VoiceBrain(), BrainSpeaks: true, TTS: tts, Playback: player, IdleAfterInput: o.Idle, Bus: c.Bus}, nil
}

// AutoVoice picks a voice path from the environment: OpenAI Realtime with
// OPENAI_API_KEY, Gemini Live with GEMINI_API_KEY (or GOOGLE_API_KEY), else
// "" (text only).
func AutoVoice(getenv func(string) string) string {
	if getenv == nil {
		getenv = os.Getenv
	}
	switch {
	case getenv("OPENAI_API_KEY") != "":
		return VoiceOpenAI
	case getenv("GEMINI_API_KEY") != "" || getenv("GOOGLE_API_KEY") != "":
		return VoiceGemini
	}
	return ""
}

// fillerText is what kin says while a slow tool runs.
const fillerText = "One moment, I'm on it."

// localFiller speaks the filler with espeak-ng, for connections that
// cannot say it themselves; nil when espeak-ng is missing.
func localFiller(ctx context.Context) []int16 {
	if !espeak.Available() {
		return nil
	}
	c, err := espeak.Synthesize(ctx, fillerText, espeak.Options{Rate: audio.PlaybackRate})
	if err != nil {
		return nil
	}
	return c.Samples
}
