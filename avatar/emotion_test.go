package avatar

import (
	"math"
	"testing"

	"github.com/kin-companion/kin/agent/protocol"
)

func ev(p protocol.Payload) protocol.Event { return protocol.Event{Type: p.EventType(), Payload: p} }

// TestDecayHalfLives: decay is linear at the seed's rates, so an emotion
// falls from 1 to 0.5 in 0.5/rate seconds and to 0 in 1/rate (the seed's
// "approximate half-life" column is roughly the latter).
func TestDecayHalfLives(t *testing.T) {
	want := map[Emotion]float32{Concern: 6.25, Celebration: 2.78, Patience: 14.29, Curiosity: 4.17, Empathy: 9.09}
	for em, half := range want {
		var e Emotions
		e.Inject(em, 1)
		steps := 0
		for e[em] > 0.5 {
			e.Decay(1.0 / 60)
			steps++
		}
		if got := float32(steps) / 60; math.Abs(float64(got-half)) > 0.05 {
			t.Errorf("%s: from 1 to 0.5 in %.2fs, want %.2fs (rate %v/s)", em, got, half, DecayRates[em])
		}
	}
	var e Emotions
	e.Inject(Concern, 0.3)
	e.Decay(100)
	if e[Concern] != 0 {
		t.Errorf("decay went below 0: %v", e[Concern])
	}
}

func TestNeutralAndClamp(t *testing.T) {
	var e Emotions
	if e.Neutral() != 1 {
		t.Errorf("neutral at rest %v", e.Neutral())
	}
	e.Inject(Concern, 0.7)
	e.Inject(Concern, 0.7)
	if e[Concern] != 1 {
		t.Errorf("inject did not clamp to 1: %v", e[Concern])
	}
	e.Inject(Curiosity, 0.5)
	if e.Neutral() != 0 {
		t.Errorf("neutral = %v, want max(0, 1−1.5)", e.Neutral())
	}
}

// TestStimuli checks every row of the seed's stimulus table.
func TestStimuli(t *testing.T) {
	approx := func(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-5 }
	cases := []struct {
		name   string
		events []protocol.Payload
		want   Emotions // concern, celebration, patience, curiosity, empathy
	}{
		{"speak positive", []protocol.Payload{protocol.SpeakPayload{Text: "success"}}, Emotions{Celebration: 0.70710677 * 0.7, Curiosity: 0.70710677 * 0.3 * 0.5}},
		{"speak negative", []protocol.Payload{protocol.SpeakPayload{Text: "it failed"}}, Emotions{Concern: 0.70710677 * 0.8, Curiosity: 0.70710677 * 0.3 * 0.5}},
		{"speak question", []protocol.Payload{protocol.SpeakPayload{Text: "where is it?"}}, Emotions{Curiosity: 0.3 * 0.5}},
		{"speak payload sentiment", []protocol.Payload{protocol.SpeakPayload{Text: "the sky", Sentiment: 0.5}}, Emotions{Celebration: 0.35}},
		{"skill-done positive", []protocol.Payload{protocol.SkillDonePayload{Result: protocol.SkillResult{Sentiment: 0.5}}}, Emotions{Celebration: 0.4}},
		{"skill-done mild", []protocol.Payload{protocol.SkillDonePayload{Result: protocol.SkillResult{Sentiment: 0.3}}}, Emotions{}},
		{"skill-done negative", []protocol.Payload{protocol.SkillDonePayload{Result: protocol.SkillResult{Sentiment: -0.5}}}, Emotions{Concern: 0.35}},
		{"skill-error once", []protocol.Payload{protocol.SkillErrorPayload{}}, Emotions{Concern: 0.7, Empathy: 0.25}},
		{"skill-error streak", []protocol.Payload{protocol.SkillErrorPayload{}, protocol.SkillErrorPayload{}}, Emotions{Concern: 1, Empathy: 0.75}},
		{"skill-error streak capped", []protocol.Payload{protocol.SkillErrorPayload{}, protocol.SkillErrorPayload{}, protocol.SkillErrorPayload{}, protocol.SkillErrorPayload{}, protocol.SkillErrorPayload{}}, Emotions{Concern: 1, Empathy: 1}},
		{"load-start", []protocol.Payload{protocol.LoadStartPayload{}}, Emotions{Patience: 0.6, Curiosity: 0.3}},
		{"load-end ok", []protocol.Payload{protocol.LoadEndPayload{}}, Emotions{Celebration: 0.7, Curiosity: 0.5}},
		{"load-end error", []protocol.Payload{protocol.LoadEndPayload{Error: "x"}}, Emotions{Concern: 0.8}},
		{"validate errors", []protocol.Payload{protocol.ValidatePayload{Errors: 2}}, Emotions{Concern: 0.6}},
		{"validate clean", []protocol.Payload{protocol.ValidatePayload{}}, Emotions{Celebration: 0.85}},
		{"emote", []protocol.Payload{protocol.EmotePayload{Trigger: "empathy", Weight: 0.4}}, Emotions{Empathy: 0.4}},
	}
	for _, c := range cases {
		var e Emotions
		var s Stimuli
		for _, p := range c.events {
			s.React(&e, ev(p))
		}
		for i := range e {
			if !approx(e[i], c.want[i]) {
				t.Errorf("%s: %s = %v, want %v", c.name, Emotion(i), e[i], c.want[i])
			}
		}
	}
}

func TestStreakResetsOnSuccess(t *testing.T) {
	var e Emotions
	var s Stimuli
	s.React(&e, ev(protocol.SkillErrorPayload{}))
	s.React(&e, ev(protocol.SkillDonePayload{}))
	e = Emotions{}
	s.React(&e, ev(protocol.SkillErrorPayload{}))
	if e[Empathy] != 0.25 {
		t.Errorf("empathy %v after a success broke the streak, want 0.25", e[Empathy])
	}
}

func TestSentimentBuckets(t *testing.T) {
	cases := []struct {
		text       string
		sign       int // −1, 0, 1
		minArousal float32
	}{
		{"That is great!", 1, 0.25},
		{"Build failed with an error", -1, 0},
		{"I'm so sorry, that sounds hard", -1, 0},
		{"not good", -1, 0},
		{"this isn't broken", 1, 0},
		{"never a problem", 1, 0},
		{"The table is brown", 0, 0},
		{"WHAT IS THIS?", 0, 0.5},
		{"wow, amazing success!!", 1, 0.7},
	}
	for _, c := range cases {
		s := AnalyzeSentiment(c.text)
		sign := 0
		if s.Valence > 0.05 {
			sign = 1
		} else if s.Valence < -0.05 {
			sign = -1
		}
		if sign != c.sign || s.Arousal < c.minArousal || s.Valence < -1 || s.Valence > 1 || s.Arousal > 1 {
			t.Errorf("%q: valence %v arousal %v, want sign %d arousal ≥ %v", c.text, s.Valence, s.Arousal, c.sign, c.minArousal)
		}
	}
	if a, b := AnalyzeSentiment("good").Valence, AnalyzeSentiment("very good").Valence; b <= a {
		t.Errorf("intensifier: %v vs %v", b, a)
	}
}
