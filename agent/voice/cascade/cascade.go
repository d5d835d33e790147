// Package cascade is kin's voice path for any text model, and offline: speech is cut
// into utterances by VAD (or push-to-talk), turned into text by a [Transcriber],
// answered by a [Brain] (kin's text runtime), and spoken by a [Synthesizer] sentence
// by sentence, so the character starts talking before the model has finished. The
// user speaking over a reply stops it (barge-in).
package cascade

import (
	"context"
	"time"
)

// Transcriber turns an utterance (mono PCM at rate) into text.
type Transcriber interface {
	Transcribe(ctx context.Context, pcm []int16, rate int) (string, error)
}

// Synthesizer speaks text, handing 24 kHz PCM to out as it is produced.
type Synthesizer interface {
	Synthesize(ctx context.Context, text string, out func(pcm []int16) error) error
}

// Brain is the text runtime seen from here: it answers what the user said,
// streaming the reply's text to onText, and returns when the reply is complete.
// It must stop promptly when ctx is cancelled (barge-in).
type Brain interface {
	Reply(ctx context.Context, text string, onText func(delta string)) error
}

// Playback is where speech goes: [audio.Player] implements it.
type Playback interface {
	Enqueue(item string, pcm []int16)
	Clear() (item string, heard time.Duration)
}
