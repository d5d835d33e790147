package avatar

import (
	"strings"

	"github.com/kin-companion/kin/agent/protocol"
)

// Emotion is one of the five blended emotions; neutral is derived.
type Emotion int

// The emotions of the Empathy Layer.
const (
	Concern Emotion = iota
	Celebration
	Patience
	Curiosity
	Empathy
	numEmotions
)

var emotionNames = [numEmotions]string{"concern", "celebration", "patience", "curiosity", "empathy"}

// String returns the emotion's protocol name.
func (e Emotion) String() string {
	if e < 0 || e >= numEmotions {
		return "neutral"
	}
	return emotionNames[e]
}

// EmotionByName returns the emotion called name, or false.
func EmotionByName(name string) (Emotion, bool) {
	for i, n := range emotionNames {
		if strings.EqualFold(n, name) {
			return Emotion(i), true
		}
	}
	return 0, false
}

// DecayRates are the per-second linear decay rates of the seed's table.
var DecayRates = [numEmotions]float32{0.08, 0.18, 0.035, 0.12, 0.055}

// Emotions is the continuous blend: each value 0..1.
type Emotions [numEmotions]float32

// Decay lowers every emotion by its rate × dt, never below 0.
func (e *Emotions) Decay(dt float32) {
	for i := range e {
		e[i] = max(0, e[i]-DecayRates[i]*dt)
	}
}

// Inject adds a stimulus, clamping the emotion to [0, 1].
func (e *Emotions) Inject(em Emotion, w float32) {
	if em >= 0 && em < numEmotions {
		e[em] = min(1, max(0, e[em]+w))
	}
}

// Neutral is max(0, 1 − Σ emotions).
func (e *Emotions) Neutral() float32 {
	var s float32
	for _, v := range e {
		s += v
	}
	return max(0, 1-s)
}

// Stimuli turns protocol events into emotion stimuli exactly as the seed's
// table says; it keeps the skill-error streak.
type Stimuli struct {
	ErrorStreak int
}

// React applies the stimulus of event ev to e.
func (s *Stimuli) React(e *Emotions, ev protocol.Event) {
	switch p := ev.Payload.(type) {
	case protocol.SpeakPayload:
		reactSpeak(e, p)
	case protocol.SkillDonePayload:
		s.ErrorStreak = 0
		switch sent := float32(p.Result.Sentiment); {
		case sent > 0.3:
			e.Inject(Celebration, sent*0.8)
		case sent < -0.2:
			e.Inject(Concern, -sent*0.7)
		}
	case protocol.SkillErrorPayload:
		s.ErrorStreak++
		e.Inject(Concern, 0.7)
		e.Inject(Empathy, min(0.9, float32(s.ErrorStreak)*0.25))
	case protocol.LoadStartPayload:
		e.Inject(Patience, 0.6)
		e.Inject(Curiosity, 0.3)
	case protocol.LoadEndPayload:
		if p.Error != "" {
			e.Inject(Concern, 0.8)
		} else {
			e.Inject(Celebration, 0.7)
			e.Inject(Curiosity, 0.5)
		}
	case protocol.ValidatePayload:
		if p.Errors > 0 {
			e.Inject(Concern, 0.4+float32(p.Errors)*0.1)
		} else {
			e.Inject(Celebration, 0.85)
		}
	case protocol.EmotePayload:
		if em, ok := EmotionByName(p.Trigger); ok {
			e.Inject(em, float32(min(1, max(0, p.Weight))))
		}
	}
}

// reactSpeak: positive text → celebration += valence × 0.7; negative →
// concern += |valence| × 0.8; arousal → curiosity += arousal × 0.5. When the
// text holds no sentiment word, the payload's own sentiment is the valence.
func reactSpeak(e *Emotions, p protocol.SpeakPayload) {
	s := AnalyzeSentiment(p.Text)
	v := s.Valence
	if s.Hits == 0 {
		v = float32(max(-1, min(1, p.Sentiment)))
	}
	switch {
	case v > 0:
		e.Inject(Celebration, v*0.7)
	case v < 0:
		e.Inject(Concern, -v*0.8)
	}
	if s.Arousal > 0 {
		e.Inject(Curiosity, s.Arousal*0.5)
	}
}
