package cascade

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/cascade/cascadetest"
	"github.com/kin-companion/kin/agent/voice/espeak"
	rt "github.com/kin-companion/kin/agent/voice/realtime/realtimetest"
)

// TestUnfinishedUtteranceWaits: "I was thinking that" then a pause longer than
// the VAD's hangover, then the rest. With the end-of-utterance heuristic the
// brain hears one turn; on silence alone (Grace < 0) it hears two.
func TestUnfinishedUtteranceWaits(t *testing.T) {
	for _, tc := range []struct {
		grace time.Duration
		want  []string
	}{
		{0, []string{"I was thinking that we could go to the park."}},
		{-1, []string{"I was thinking that", "we could go to the park."}},
	} {
		srv := cascadetest.New("k", "I was thinking that", "we could go to the park.")
		player := audio.NewPlayer(audio.PlaybackRate, nil)
		b := &brain{replies: []string{"Good idea."}}
		p := &Pipeline{STT: &OpenAISTT{BaseURL: srv.BaseURL(), APIKey: "k"}, Brain: b,
			TTS: &OpenAITTS{BaseURL: srv.BaseURL(), APIKey: "k"}, Playback: player, Grace: tc.grace}
		opt := espeak.Options{Voice: "en-us"}
		pcm := rt.Silence(300 * time.Millisecond)
		pcm = append(pcm, rt.Speech(t, "I was thinking that", opt)...)
		pcm = append(pcm, rt.Silence(1200*time.Millisecond)...) // 300 ms of wall time at rt.Speed
		pcm = append(pcm, rt.Speech(t, "we could go to the park.", opt)...)
		pcm = append(pcm, rt.Silence(3*time.Second)...)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		rt.Play(ctx, player)
		if err := p.Run(ctx, rt.Mic(ctx, pcm)); err != nil {
			t.Fatal(err)
		}
		cancel()
		srv.Close()
		b.mu.Lock()
		if !slices.Equal(b.heard, tc.want) {
			t.Errorf("grace %v: the brain heard %q, want %q", tc.grace, b.heard, tc.want)
		}
		b.mu.Unlock()
	}
}
