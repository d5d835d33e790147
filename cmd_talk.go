package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kin-companion/kin/agent/scene"
	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/internal/companion"
)

const talkUsage = `usage: kin talk --input IN.wav --output OUT.wav [--voice openai-realtime|gemini-live|cascade] [flags]

Holds one voice conversation with IN.wav as the microphone and writes what kin would
play to OUT.wav (24 kHz mono, on the same timeline as the input), ending once the
input is used up and kin has finished answering. Transcripts go to stdout.

Endpoints follow the SDKs' variables: OPENAI_API_KEY and OPENAI_BASE_URL (the realtime
URL is derived: http→ws, https→wss, plus /realtime); GEMINI_API_KEY (or
GOOGLE_API_KEY) and GOOGLE_GEMINI_BASE_URL; ELEVENLABS_API_KEY for --tts elevenlabs.
`

// talkFlags are kin talk's options.
type talkFlags struct {
	input, output, voice, instructions, voiceName, model string
	tts, ttsVoice, sttModel                              string
	speed                                                float64
	idle, timeout                                        time.Duration
	stats                                                bool
	agent                                                *companion.Flags
}

func parseTalk(args []string, stderr io.Writer) (*talkFlags, error) {
	f := &talkFlags{}
	fs := flag.NewFlagSet("talk", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, talkUsage); fs.PrintDefaults() }
	fs.StringVar(&f.input, "input", "", "WAV file used as the microphone (any rate, mixed to mono)")
	fs.StringVar(&f.output, "output", "", "WAV file to write what kin plays")
	fs.StringVar(&f.voice, "voice", "openai-realtime", "voice path: openai-realtime, gemini-live or cascade")
	fs.StringVar(&f.instructions, "instructions", "", "replace the agent's persona and memory context (realtime paths)")
	fs.StringVar(&f.voiceName, "voice-name", "", "the provider's voice (marin, Kore, …)")
	fs.StringVar(&f.model, "model", "", "realtime model (default: the provider's)")
	fs.StringVar(&f.tts, "tts", "espeak", "cascade text-to-speech: espeak, openai or elevenlabs")
	fs.StringVar(&f.ttsVoice, "tts-voice", "", "cascade TTS voice (espeak voice, OpenAI voice, ElevenLabs voice id)")
	fs.StringVar(&f.sttModel, "stt-model", "", "cascade transcription model")
	f.agent = companion.AddFlags(fs, "llm") // the cascade's text model, memory, tools
	fs.Float64Var(&f.speed, "speed", 1, "how many times faster than real time to run the microphone and speaker")
	fs.DurationVar(&f.idle, "idle", 1500*time.Millisecond, "quiet needed after the input before finishing")
	fs.DurationVar(&f.timeout, "timeout", 10*time.Minute, "give up after this long")
	fs.BoolVar(&f.stats, "stats", false, "print, per turn, the time from the end of your speech to kin's first reply sound, split into kin's stages and the provider's share")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if f.input == "" || f.output == "" || fs.NArg() > 0 {
		fs.Usage()
		return nil, flag.ErrHelp
	}
	if !(f.speed > 0 && f.speed <= 100) { // NaN fails too
		fmt.Fprintf(stderr, "kin talk: bad --speed %v (want above 0, at most 100 times real time)\n", f.speed)
		return nil, flag.ErrHelp
	}
	return f, nil
}

// cmdTalk runs `kin talk`.
func cmdTalk(args []string, stdout, stderr io.Writer) int {
	f, err := parseTalk(args, stderr)
	if err != nil {
		return 2
	}
	in, err := readMic(f.input)
	if err == nil {
		err = writable(f.output) // before the conversation is paid for, not after
	}
	if err != nil {
		fmt.Fprintf(stderr, "kin talk: %v\n", err)
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), f.timeout)
	defer cancel()
	man, err := f.agent.Manifest()
	if err != nil {
		fmt.Fprintf(stderr, "kin talk: %v\n", err)
		return 1
	}
	opts := f.agent.Options(man)
	opts.Scene = &scene.Fake{} // no window: scene tools succeed silently
	c, err := companion.Start(ctx, opts)
	if err != nil {
		fmt.Fprintf(stderr, "kin talk: %v\n", err)
		return 1
	}
	defer c.Close()
	for _, w := range c.Warnings {
		fmt.Fprintf(stderr, "kin talk: %s\n", w)
	}
	player := audio.NewPlayer(audio.PlaybackRate, nil)
	spk := newVirtualSpeaker(player, f.speed)
	dev, stopDev := context.WithCancel(ctx)
	go spk.run(dev)
	mic := feedMic(ctx, in, f.speed)
	out := &lockedWriter{w: stdout} // transcripts and stats come from several goroutines
	var stats *talkStats
	if f.stats {
		stats = newTalkStats(out)
		ctx = realtime.WithStats(ctx, stats.stats)
	}
	say := func(user bool, text string) {
		who := "kin"
		if user {
			who = "you"
		}
		fmt.Fprintf(out, "%s: %s\n", who, text)
	}
	var failed atomic.Int32
	turnFailed := func(err error) { // a cascade turn: the conversation goes on, kin talk fails at the end
		failed.Add(1)
		fmt.Fprintf(stderr, "kin talk: %v\n", err)
	}
	err = c.Talk(ctx, companion.VoiceOptions{Path: f.voice, Voice: f.voiceName, Model: f.model, Instructions: f.instructions,
		TTS: f.tts, TTSVoice: f.ttsVoice, STTModel: f.sttModel, Idle: f.idle, OnTranscript: say, OnError: turnFailed}, player, mic, nil)
	stopDev()
	spk.wait()
	if stats != nil {
		stats.summary(f.voice, f.speed)
	}
	if werr := writeOut(f.output, spk.samples()); werr != nil && err == nil {
		err = werr
	}
	if err != nil {
		fmt.Fprintf(stderr, "kin talk: %v\n", err)
		return 1
	}
	if n := failed.Load(); n > 0 {
		fmt.Fprintf(stderr, "kin talk: %d turn(s) failed; %s holds what was said\n", n, f.output)
		return 1
	}
	return 0
}

// writable checks that path can be written (creating it), so that a bad
// --output is said before the conversation rather than after.
func writable(path string) error {
	file, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	return file.Close()
}

func readMic(path string) ([]int16, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	clip, err := audio.ReadWAV(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	clip, err = audio.Resample(clip, audio.CaptureRate)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(clip.Samples) == 0 {
		return nil, fmt.Errorf("%s holds no audio", path)
	}
	return clip.Samples, nil
}

func writeOut(path string, pcm []int16) error {
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := audio.WriteWAV(file, audio.Clip{Rate: audio.PlaybackRate, Samples: pcm}); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

// feedMic sends pcm as 20 ms frames at speed× real time, then closes the channel.
func feedMic(ctx context.Context, pcm []int16, speed float64) <-chan []int16 {
	ch := make(chan []int16)
	go func() {
		defer close(ch)
		tick := time.NewTicker(time.Duration(float64(20*time.Millisecond) / speed))
		defer tick.Stop()
		for _, fr := range audio.Frames(pcm, audio.CaptureRate/50) {
			select {
			case ch <- fr:
			case <-ctx.Done():
				return
			}
			select {
			case <-tick.C:
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch
}

// virtualSpeaker plays the Player into memory at speed× real time.
type virtualSpeaker struct {
	p     *audio.Player
	speed float64
	mu    sync.Mutex
	out   []int16
	done  chan struct{}
}

func newVirtualSpeaker(p *audio.Player, speed float64) *virtualSpeaker {
	return &virtualSpeaker{p: p, speed: speed, done: make(chan struct{})}
}

func (v *virtualSpeaker) run(ctx context.Context) {
	defer close(v.done)
	tick := time.NewTicker(time.Duration(float64(20*time.Millisecond) / v.speed))
	defer tick.Stop()
	buf := make([]int16, audio.PlaybackRate/50)
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		v.p.Fill(buf)
		v.mu.Lock()
		v.out = append(v.out, buf...)
		v.mu.Unlock()
	}
}

func (v *virtualSpeaker) wait() { <-v.done }

func (v *virtualSpeaker) samples() []int16 {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.out
}
