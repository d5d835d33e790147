package cascade

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/cascade/cascadetest"
	"github.com/kin-companion/kin/agent/voice/espeak"
	rt "github.com/kin-companion/kin/agent/voice/realtime/realtimetest"
)

func TestSplitter(t *testing.T) {
	var s Splitter
	var got []string
	for _, d := range []string{"Hello", " there! Dr. Smith", " is here. How", " are you?", " Fine"} {
		got = append(got, s.Feed(d)...)
	}
	got = append(got, s.Flush())
	want := []string{"Hello there!", "Dr. Smith is here.", "How are you?", "Fine"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q", got)
	}
}

// brain streams a scripted reply word by word; it records whether the first
// sentence reached playback before it finished (sentence-by-sentence speech).
type brain struct {
	replies   []string
	mu        sync.Mutex
	heard     []string
	n         int
	firstSeen func() bool
	early     bool
	cancelled int
}

func (b *brain) Reply(ctx context.Context, text string, onText func(string)) error {
	b.mu.Lock()
	b.heard = append(b.heard, text)
	reply := b.replies[min(b.n, len(b.replies)-1)]
	b.n++
	b.mu.Unlock()
	for i, w := range strings.SplitAfter(reply, " ") {
		select {
		case <-ctx.Done():
			b.mu.Lock()
			b.cancelled++
			b.mu.Unlock()
			return ctx.Err()
		case <-time.After(15 * time.Millisecond):
		}
		onText(w)
		if i > 0 && b.firstSeen != nil && b.firstSeen() {
			b.early = true
		}
	}
	return nil
}

// TestPipeline: two spoken questions (espeak-ng) are cut by VAD, uploaded as WAV for
// transcription, answered by the brain and spoken by TTS sentence by sentence — the
// first sentence is playing before the brain has finished — in order.
func TestPipeline(t *testing.T) {
	srv := cascadetest.New("k", "What time is it?", "Thanks.")
	defer srv.Close()
	player := audio.NewPlayer(audio.PlaybackRate, nil)
	b := &brain{replies: []string{"It is ten o'clock. Time for tea. Shall I put the kettle on?", "You are welcome."}}
	b.firstSeen = func() bool { return player.Pending() > 0 || player.Played("reply-1") > 0 }
	var mu sync.Mutex
	var transcript []string
	p := &Pipeline{STT: &OpenAISTT{BaseURL: srv.BaseURL(), APIKey: "k"}, Brain: b,
		TTS: &OpenAITTS{BaseURL: srv.BaseURL(), APIKey: "k"}, Playback: player,
		OnTranscript: func(role, text string) { mu.Lock(); transcript = append(transcript, role+": "+text); mu.Unlock() }}
	pcm := rt.Silence(300 * time.Millisecond)
	for _, s := range []string{"What time is it?", "Thank you."} {
		pcm = append(pcm, rt.Speech(t, s, espeak.Options{Voice: "en-us"})...)
		pcm = append(pcm, rt.Silence(4*time.Second)...) // time for the reply to play
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sp := rt.Play(ctx, player)
	if err := p.Run(ctx, rt.Mic(ctx, pcm)); err != nil {
		t.Fatal(err)
	}
	uploads, spoken := srv.Snapshot()
	if len(uploads) != 2 || uploads[0].Rate != 16000 || uploads[0].Duration() < 500*time.Millisecond {
		t.Fatalf("uploads: %d", len(uploads))
	}
	want := []string{"It is ten o'clock.", "Time for tea.", "Shall I put the kettle on?", "You are welcome."}
	if !slices.Equal(spoken, want) {
		t.Errorf("spoken %q", spoken)
	}
	if !b.early {
		t.Error("the first sentence was not queued before the reply was complete")
	}
	wantAudio := 0
	for _, s := range want {
		wantAudio += len(cascadetest.Tone(s))
	}
	if got := len(sp.Audio()); got != wantAudio {
		t.Errorf("played %d samples, want %d", got, wantAudio)
	}
	if len(transcript) != 4 || transcript[0] != "user: What time is it?" {
		t.Errorf("transcript %q", transcript)
	}
}

// TestPipelineBargeIn: speaking over a reply stops playback and cancels the brain.
func TestPipelineBargeIn(t *testing.T) {
	srv := cascadetest.New("k", "Tell me a story.", "Stop.")
	defer srv.Close()
	player := audio.NewPlayer(audio.PlaybackRate, nil)
	long := strings.Repeat("The fox ran through the forest. ", 12)
	b := &brain{replies: []string{long, "Okay."}}
	p := &Pipeline{STT: &OpenAISTT{BaseURL: srv.BaseURL(), APIKey: "k"}, Brain: b,
		TTS: &OpenAITTS{BaseURL: srv.BaseURL(), APIKey: "k"}, Playback: player}
	pcm := append(rt.Silence(300*time.Millisecond), rt.Speech(t, "Tell me a story.", espeak.Options{})...)
	pcm = append(pcm, rt.Silence(1500*time.Millisecond)...)
	pcm = append(pcm, rt.Speech(t, "Stop.", espeak.Options{Voice: "en-gb"})...)
	pcm = append(pcm, rt.Silence(2*time.Second)...)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sp := rt.Play(ctx, player)
	if err := p.Run(ctx, rt.Mic(ctx, pcm)); err != nil {
		t.Fatal(err)
	}
	if b.cancelled != 1 {
		t.Errorf("brain cancelled %d times", b.cancelled)
	}
	full := len(cascadetest.Tone(long))
	if got := len(sp.Audio()); got >= full {
		t.Errorf("played %d samples: the story was not cut (full %d)", got, full)
	}
}

func TestPushToTalk(t *testing.T) {
	srv := cascadetest.New("k", "Hello.")
	defer srv.Close()
	player := audio.NewPlayer(audio.PlaybackRate, nil)
	p := &Pipeline{STT: &OpenAISTT{BaseURL: srv.BaseURL(), APIKey: "k"}, Brain: &brain{replies: []string{"Hi."}},
		TTS: &OpenAITTS{BaseURL: srv.BaseURL(), APIKey: "k"}, Playback: player}
	mic := make(chan []int16)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rt.Play(ctx, player)
	done := make(chan error)
	go func() { done <- p.Run(ctx, mic) }()
	p.PushToTalk(true)
	quiet := make([]int16, 320) // silence: VAD would never start, PTT takes it anyway
	for range 25 {
		mic <- quiet
	}
	p.PushToTalk(false)
	time.Sleep(100 * time.Millisecond)
	close(mic)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	uploads, spoken := srv.Snapshot()
	// The key and the microphone are separate channels: the release may overtake
	// the frame sent just before it.
	if len(uploads) != 1 || len(uploads[0].Samples) < 24*320 || len(uploads[0].Samples) > 25*320 || !slices.Equal(spoken, []string{"Hi."}) {
		t.Errorf("uploads %d (%d samples), spoken %q", len(uploads), len(uploads[0].Samples), spoken)
	}
}

func TestProviders(t *testing.T) {
	srv := cascadetest.New("k", "hi")
	defer srv.Close()
	ctx := context.Background()
	var got []int16
	collect := func(pcm []int16) error { got = append(got, pcm...); return nil }
	el := &ElevenLabsTTS{BaseURL: srv.URL, APIKey: "k", VoiceID: "v1"}
	if err := el.Synthesize(ctx, "Hello.", collect); err != nil || len(got) != len(cascadetest.Tone("Hello.")) {
		t.Fatalf("elevenlabs: %v, %d samples", err, len(got))
	}
	if srv.Requests[0]["voice"] != "v1" || srv.Requests[0]["model_id"] == nil {
		t.Errorf("elevenlabs request %v", srv.Requests[0])
	}
	bad := &OpenAITTS{BaseURL: srv.BaseURL(), APIKey: "wrong"}
	if err := bad.Synthesize(ctx, "x", collect); !errors.Is(err, ErrHTTP) || !strings.Contains(err.Error(), "401") {
		t.Errorf("bad key: %v", err)
	}
	if _, err := (&OpenAISTT{BaseURL: srv.BaseURL(), APIKey: "wrong"}).Transcribe(ctx, []int16{1}, 16000); !errors.Is(err, ErrHTTP) {
		t.Errorf("stt bad key: %v", err)
	}
	if espeak.Available() {
		got = nil
		if err := (EspeakTTS{}).Synthesize(ctx, "Hello.", collect); err != nil || len(got) < audio.PlaybackRate/4 {
			t.Errorf("espeak: %v, %d samples", err, len(got))
		}
	}
}

// TestAnnounce: a reminder is synthesised and queued for the speaker at
// once, outside any turn.
func TestAnnounce(t *testing.T) {
	srv := cascadetest.New("k")
	defer srv.Close()
	player := audio.NewPlayer(audio.PlaybackRate, nil)
	p := &Pipeline{STT: &OpenAISTT{BaseURL: srv.BaseURL(), APIKey: "k"}, Brain: &brain{},
		TTS: &OpenAITTS{BaseURL: srv.BaseURL(), APIKey: "k"}, Playback: player}
	if err := p.Announce(context.Background(), "Time to stretch."); err != nil {
		t.Fatal(err)
	}
	if _, spoken := srv.Snapshot(); len(spoken) != 1 || spoken[0] != "Time to stretch." {
		t.Errorf("spoken %q", spoken)
	}
	if player.Pending() == 0 {
		t.Error("nothing queued for the speaker")
	}
}

// TestPipelineReportsFailedTurns: a turn whose transcription fails (the
// service refuses the key) reaches OnError, so kin talk can fail; and the
// reply a Brain that speaks for itself gave is not said on the bus again.
func TestPipelineReportsFailedTurns(t *testing.T) {
	srv := cascadetest.New("k", "What time is it?")
	defer srv.Close()
	pcm := append(rt.Silence(300*time.Millisecond), rt.Speech(t, "What time is it?", espeak.Options{})...)
	pcm = append(pcm, rt.Silence(2*time.Second)...)
	for _, c := range []struct {
		key         string
		brainSpeaks bool
		failures    int
		speaks      int
	}{{"wrong", false, 1, 0}, {"k", false, 0, 1}, {"k", true, 0, 0}} {
		player := audio.NewPlayer(audio.PlaybackRate, nil)
		bus := protocol.New("test")
		sub := bus.Subscribe(protocol.Speak)
		var mu sync.Mutex
		var failed []error
		p := &Pipeline{STT: &OpenAISTT{BaseURL: srv.BaseURL(), APIKey: c.key}, Brain: &brain{replies: []string{"It is noon."}},
			TTS: &OpenAITTS{BaseURL: srv.BaseURL(), APIKey: "k"}, Playback: player, Bus: bus, BrainSpeaks: c.brainSpeaks,
			OnError: func(err error) { mu.Lock(); failed = append(failed, err); mu.Unlock() }}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		rt.Play(ctx, player)
		err := p.Run(ctx, rt.Mic(ctx, pcm))
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		speaks := 0
		sub.Drain(1<<10, func(e protocol.Event) {
			if e.Type == protocol.Speak {
				speaks++
			}
		})
		if len(failed) != c.failures || speaks != c.speaks {
			t.Errorf("key %s, brain speaks %v: failures %v, %d speak events; want %d and %d", c.key, c.brainSpeaks, failed, speaks, c.failures, c.speaks)
		}
		if c.failures > 0 && !strings.Contains(failed[0].Error(), "transcribe") {
			t.Errorf("the failure %v does not say the transcription failed", failed[0])
		}
	}
}
