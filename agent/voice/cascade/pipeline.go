package cascade

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/agent/voice/vad"
)

// EchoFilter takes each 16 kHz microphone frame and returns what should be
// heard, as [audio.EchoGate.Process] does.
type EchoFilter interface {
	Process(frame []int16) (out []int16, passed bool)
}

// Pipeline is one cascaded conversation. Fill the fields and call [Pipeline.Run].
type Pipeline struct {
	STT      Transcriber
	Brain    Brain
	TTS      Synthesizer
	Playback Playback
	VAD      vad.Config    // hands-free segmentation (16 kHz)
	Echo     EchoFilter    // optional: *audio.EchoGate or *aec.Echo
	Bus      *protocol.Bus // optional: presence, Speak bubbles, each turn's timing
	// Stats, if set, times each turn (see stats.go); nil takes the one
	// realtime.WithStats put in Run's context, if any.
	Stats *realtime.Stats
	// OnTranscript, if set, receives ("user"|"assistant", text) for each turn.
	OnTranscript func(role, text string)
	// OnError, if set, receives each turn that failed (transcription, the
	// reply or its speech), unless the conversation was ending: kin talk
	// reports it and exits non-zero. The bus hears of it either way.
	OnError func(err error)
	// BrainSpeaks: the Brain puts its replies on the bus itself (kin's
	// runtime does), so the pipeline does not say them there again.
	BrainSpeaks bool
	// IdleAfterInput: once mic closes, Run returns after the last reply was handed to
	// playback and playback has been idle this long; 300 ms.
	IdleAfterInput time.Duration
	// Grace is the extra quiet an utterance that sounds unfinished gets before
	// kin answers ([turn.EndOfUtterance]: "I was thinking that…"); speech within
	// it joins the same turn. 1 s; negative answers on silence alone.
	Grace time.Duration

	ptt       chan bool
	once      sync.Once
	turns     int
	announced atomic.Int64 // items said by Announce
	mu        sync.Mutex
	carry     string // an unfinished utterance waiting for the rest
}

func (p *Pipeline) init() {
	p.once.Do(func() {
		p.ptt = make(chan bool, 4)
		if p.IdleAfterInput == 0 {
			p.IdleAfterInput = 300 * time.Millisecond
		}
		if p.Grace == 0 {
			p.Grace = time.Second
		}
	})
}

// PushToTalk holds (down) or releases the talk key: while held everything the
// microphone hears is one utterance, whatever the VAD says; releasing ends it.
func (p *Pipeline) PushToTalk(down bool) {
	p.init()
	p.ptt <- down
}

func (p *Pipeline) status(s string) {
	if p.Bus != nil {
		p.Bus.Emit(protocol.PresencePayload{State: s})
	}
}

// Run holds the conversation until ctx ends or mic closes and the last reply has
// been spoken. mic carries 16 kHz frames.
func (p *Pipeline) Run(ctx context.Context, mic <-chan []int16) error {
	p.init()
	p.setupStats(ctx)
	seg := vad.NewSegmenter(p.VAD)
	var (
		held   []int16
		ptt    bool
		cancel context.CancelFunc = func() {}
		turnWG sync.WaitGroup
	)
	defer func() { cancel(); turnWG.Wait() }()
	p.status("listening")
	start := func(pcm []int16) {
		cancel()
		var tctx context.Context
		tctx, cancel = context.WithCancel(ctx)
		p.turns++
		item := fmt.Sprintf("reply-%d", p.turns)
		c := p.clock(item, time.Now())
		turnWG.Add(1)
		go func() {
			defer turnWG.Done()
			err := p.turn(tctx, item, pcm, c)
			if err == nil || tctx.Err() != nil {
				return
			}
			if p.OnError != nil {
				p.OnError(err)
			}
			if p.Bus != nil {
				p.Bus.Emit(protocol.ThinkPayload{Thought: "voice: " + err.Error()})
			}
		}()
	}
	key := func(down bool) {
		if down && !ptt {
			p.bargeIn(&cancel)
			held = held[:0]
		} else if !down && ptt && len(held) > 0 {
			start(append([]int16(nil), held...))
		}
		ptt = down
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case down := <-p.ptt:
			key(down)
		case f, ok := <-mic:
			at := time.Now()
			for pending := true; pending; { // key presses before this frame come first
				select {
				case down := <-p.ptt:
					key(down)
				default:
					pending = false
				}
			}
			if !ok {
				if s, ok := seg.Flush(); ok && len(s.Samples) > 0 {
					start(s.Samples)
				}
				turnWG.Wait()
				p.waitIdle(ctx)
				p.status("offline")
				return nil
			}
			if f = p.echo(f, at); f == nil {
				continue
			}
			if ptt {
				held = append(held, f...)
				continue
			}
			done, started := seg.Write(f)
			if started {
				p.bargeIn(&cancel)
			}
			for _, s := range done {
				start(s.Samples)
			}
		}
	}
}

// bargeIn stops the reply in progress, if any.
func (p *Pipeline) bargeIn(cancel *context.CancelFunc) {
	(*cancel)()
	if item, _ := p.Playback.Clear(); item != "" {
		p.status("listening")
	}
}

func (p *Pipeline) waitIdle(ctx context.Context) {
	idle, ok := p.Playback.(interface{ Idle() <-chan struct{} })
	if !ok {
		return
	}
	for {
		select {
		case <-idle.Idle():
		case <-ctx.Done():
			return
		}
		select {
		case <-time.After(p.IdleAfterInput):
			select {
			case <-idle.Idle():
				return
			default:
			}
		case <-ctx.Done():
			return
		}
	}
}

// turn answers one utterance: STT, then the brain's reply spoken sentence by
// sentence while it is still being written.
func (p *Pipeline) turn(ctx context.Context, item string, pcm []int16, c *turnClock) error {
	p.status("thinking")
	t := time.Now()
	text, err := p.STT.Transcribe(ctx, pcm, audio.CaptureRate)
	if err != nil {
		return fmt.Errorf("transcribe: %w", err)
	}
	c.transcribed(t)
	t = time.Now()
	text, done := p.endOfTurn(ctx, strings.TrimSpace(text))
	c.graced(t)
	if !done {
		return nil // the user went on: the next utterance carries this one
	}
	if text == "" {
		p.status("listening")
		return nil
	}
	if p.OnTranscript != nil {
		p.OnTranscript("user", text)
	}
	sentences := make(chan string, 16)
	spoken := make(chan error, 1)
	go func() { spoken <- p.speak(ctx, item, sentences, c) }()
	var split Splitter
	var reply strings.Builder
	c.ask()
	err = p.Brain.Reply(ctx, text, func(delta string) {
		reply.WriteString(delta)
		done := split.Feed(delta)
		c.text(len(done) > 0)
		for _, s := range done {
			sentences <- s
		}
	})
	if rest := split.Flush(); rest != "" && err == nil {
		c.text(true)
		sentences <- rest
	}
	close(sentences)
	serr := <-spoken
	if err != nil {
		return fmt.Errorf("reply: %w", err)
	}
	if t := strings.TrimSpace(reply.String()); t != "" && ctx.Err() == nil {
		if p.OnTranscript != nil {
			p.OnTranscript("assistant", t)
		}
		if p.Bus != nil && !p.BrainSpeaks {
			p.Bus.Emit(protocol.SpeakPayload{Text: t})
		}
	}
	return serr
}

// Announce says text aloud now — a reminder falling due while the
// conversation runs — without waiting for a turn. Safe from any goroutine.
func (p *Pipeline) Announce(ctx context.Context, text string) error {
	p.init()
	item := fmt.Sprintf("announce-%d", p.announced.Add(1))
	sentences := make(chan string, 1)
	sentences <- text
	close(sentences)
	return p.speak(ctx, item, sentences, nil)
}

// speak synthesises sentences in order and queues their audio; c, if not nil,
// times the first.
func (p *Pipeline) speak(ctx context.Context, item string, sentences <-chan string, c *turnClock) error {
	var first error
	for s := range sentences {
		if ctx.Err() != nil || first != nil {
			continue // drain
		}
		c.speaking()
		err := p.TTS.Synthesize(ctx, s, func(pcm []int16) error {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			c.audio(time.Now())
			p.Playback.Enqueue(item, pcm)
			p.status("speaking")
			return nil
		})
		if err != nil && ctx.Err() == nil {
			first = fmt.Errorf("speak: %w", err)
		}
	}
	return first
}
