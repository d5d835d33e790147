package realtime

import (
	"context"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/voice/audio"
)

// conv is the state of one connection's conversation loop; only serve's goroutine
// touches it.
type conv struct {
	s       *Session
	conn    Conn
	resamp  *audio.Resampler
	dropped map[string]bool  // items interrupted: late audio is ignored
	samples map[string]int   // reply audio received per item
	said    map[string]int   // index in history of an item's final transcript
	tools   *batch           // running tool calls, or nil
	rounds  int              // tool rounds since the user last spoke
	busy    bool             // a reply is being produced
	toolsCh chan batchResult // finished batches
	filler  <-chan time.Time // fires when a tool has run FillerAfter
	idle    *time.Timer      // after the microphone closed
	micDone bool
	done    chan struct{}   // closed when serve returns
	answer  string          // the reply item being played, "" between replies
	partial strings.Builder // its transcript so far
}

type recvResult struct {
	ev  Event
	err error
}

// announcePrompt introduces what kin itself wants said (Session.Announce).
const announcePrompt = "(Not the user speaking: kin's scheduler. Tell the user this now, briefly, in your own words.) "

func (s *Session) serve(ctx context.Context, conn Conn, mic <-chan []int16) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	c := &conv{s: s, conn: conn, dropped: map[string]bool{}, samples: map[string]int{},
		said: map[string]int{}, toolsCh: make(chan batchResult), done: make(chan struct{})}
	defer close(c.done)
	if conn.InputRate() != audio.CaptureRate {
		c.resamp = audio.MustResampler(audio.CaptureRate, conn.InputRate())
	}
	defer c.cancelTools()
	events := make(chan recvResult, 64)
	go func() {
		for {
			ev, err := conn.Recv(ctx)
			select {
			case events <- recvResult{ev, err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	var idle <-chan time.Time
	for {
		if c.idle != nil {
			idle = c.idle.C
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case v := <-s.control:
			return switchVoice{v}
		case text := <-s.say:
			if err := conn.SendText(announcePrompt + text); err != nil {
				return c.cut(c.closeReason(err, events))
			}
		case f, ok := <-mic:
			if !ok {
				mic = nil
				if err := c.endInput(); err != nil {
					return c.cut(c.closeReason(err, events))
				}
				continue
			}
			if err := c.input(f); err != nil {
				return c.cut(c.closeReason(err, events))
			}
		case r := <-events:
			if r.err != nil {
				return c.cut(r.err)
			}
			if err := c.handle(r.ev); err != nil {
				return err
			}
			c.poke()
		case r := <-c.toolsCh:
			if err := c.finishTools(r); err != nil {
				return c.cut(c.closeReason(err, events))
			}
			c.poke()
		case <-c.filler:
			c.filler = nil
			c.speakFiller()
		case <-idle:
			if !c.busy && c.tools == nil && playbackIdle(s.Playback) {
				return errInputDone
			}
			c.idle.Reset(s.IdleAfterInput)
		}
	}
}

// playbackIdle reports whether p has nothing left to play, when it can tell.
func playbackIdle(p Playback) bool {
	if q, ok := p.(interface{ Idle() <-chan struct{} }); ok {
		select {
		case <-q.Idle():
		default:
			return false
		}
	}
	return true
}

// poke restarts the idle countdown after activity.
func (c *conv) poke() {
	if c.idle != nil {
		c.idle.Reset(c.s.IdleAfterInput)
	}
}

func (c *conv) endInput() error {
	c.micDone = true
	c.idle = time.NewTimer(c.s.IdleAfterInput)
	// A second of silence lets server-side VAD close the last utterance.
	if err := c.input(make([]int16, audio.CaptureRate)); err != nil {
		return err
	}
	return c.conn.EndAudio()
}

// input sends one microphone frame (16 kHz) through the echo gate and local VAD.
func (c *conv) input(f []int16) error {
	var v voiced
	v.at = time.Now()
	if c.s.Echo != nil {
		if f, _ = c.s.Echo.Process(f); f == nil {
			return nil
		}
	}
	gated, t := f, time.Now()
	v.delay = latencyOf(c.s.Echo)
	v.aec = t.Sub(v.at) + v.delay
	if err := c.listen(f); err != nil {
		return err
	}
	t = time.Now()
	if c.resamp != nil {
		f = c.resamp.Process(make([]int16, 0, len(f)*c.conn.InputRate()/audio.CaptureRate+1), f)
	}
	v.resample = time.Since(t)
	if c.resamp != nil {
		d := audio.Duration(c.resamp.Delay(), c.conn.InputRate())
		v.resample += d
		v.delay += d
	}
	t = time.Now()
	err := c.conn.SendAudio(f)
	if c.s.Stats != nil {
		v.send = time.Since(t)
		c.s.Stats.frame(gated, v)
	}
	return err
}

func (c *conv) handle(ev Event) error {
	s := c.s
	switch e := ev.(type) {
	case AudioDelta:
		if c.dropped[e.ItemID] {
			return nil
		}
		c.busy = true
		c.samples[e.ItemID] += len(e.PCM)
		c.answering(e.ItemID)
		if s.Stats != nil {
			s.Stats.queued(e, time.Now())
		}
		s.Playback.Enqueue(e.ItemID, e.PCM)
		s.setStatus(Speaking)
	case SpeechStarted:
		c.rounds = 0
		if s.Floor != nil { // kin's own detector decides; meanwhile, duck
			c.duck(s.DuckGain)
			c.busy = true
			return nil
		}
		err := c.bargeIn(false)
		c.busy = true // the user is talking: an answer is coming
		return err
	case Interrupted:
		return c.bargeIn(false)
	case Transcript:
		c.transcript(e)
	case ToolCalls:
		c.busy = true
		return c.startTools(e.Calls)
	case ToolCancel:
		if c.tools != nil {
			c.tools.cancelIDs(e.IDs)
		}
	case ResponseDone:
		c.busy = false
		c.answering("")
		s.progress = true
		if c.tools == nil {
			s.setStatus(Listening)
		}
	case GoAway:
		return ErrGoAway
	case Resumable:
		s.mu.Lock()
		s.handle = e.Handle
		s.mu.Unlock()
	}
	return nil
}

func (c *conv) transcript(t Transcript) {
	if !t.Final && t.Role == Assistant {
		c.answering(t.ItemID)
		c.partial.WriteString(t.Text)
	}
	if !t.Final || strings.TrimSpace(t.Text) == "" {
		return
	}
	s := c.s
	if t.Role == User {
		c.rounds = 0
		if !c.busy {
			s.setStatus(Thinking)
		}
		c.busy = true
	}
	s.mu.Lock()
	c.said[t.ItemID] = len(s.history)
	s.mu.Unlock()
	s.addTurn(Turn{Role: t.Role, Text: t.Text})
	if s.OnTranscript != nil {
		s.OnTranscript(t)
	}
	if t.Role == Assistant && s.Bus != nil {
		s.Bus.Emit(protocol.SpeakPayload{Text: t.Text})
	}
}

// bargeIn stops playback, cancels tools and truncates the reply to what was heard.
// local is set when kin's own VAD (not the server) noticed the user.
func (c *conv) bargeIn(local bool) error {
	item, heard := c.s.Playback.Clear()
	if local && item == "" {
		return nil // nothing was playing: not a barge-in
	}
	c.cancelTools()
	c.busy = false
	c.s.setStatus(Listening)
	if item == "" {
		return nil
	}
	c.dropped[item] = true
	c.answering("")
	c.cutTranscript(item, heard)
	return c.conn.Interrupt(item, heard)
}

// cutTranscript shortens the remembered reply to the part that was heard.
func (c *conv) cutTranscript(item string, heard time.Duration) {
	total := audio.Duration(c.samples[item], audio.PlaybackRate)
	i, ok := c.said[item]
	if !ok || total <= 0 || heard >= total {
		return
	}
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if i >= len(s.history) {
		return
	}
	words := strings.Fields(s.history[i].Text)
	keep := int(float64(len(words)) * float64(heard) / float64(total))
	s.history[i].Text = strings.Join(words[:keep], " ") + "…"
}
