package openai

import "fmt"

// The turn detectors OpenAI Realtime offers (session.audio.input.turn_detection.type).
const (
	SemanticVAD = "semantic_vad" // a model judges whether the user has finished
	ServerVAD   = "server_vad"   // silence after speech ends the turn
	NoVAD       = "none"         // kin sends null: no turn detection (push-to-talk)
)

// TurnDetection is how the server decides that the user has finished speaking.
// Zero fields take the defaults shown; fields of the other type are not sent.
type TurnDetection struct {
	Type string // SemanticVAD (default), ServerVAD or NoVAD
	// Eagerness (semantic_vad): low, medium, high or auto (default) — how soon
	// the server answers; low lets the user pause longest (up to 8 s).
	Eagerness string
	Threshold float64 // server_vad: activation threshold 0..1; 0.5
	PrefixMs  int     // server_vad: prefix_padding_ms; 300
	SilenceMs int     // server_vad: silence_duration_ms; Dialer.SilenceMs or 500
	// NoInterrupt stops the server from cancelling a reply when the user starts
	// speaking (interrupt_response false), leaving barge-in to kin's own
	// backchannel-aware detector (realtime.Session.Floor).
	NoInterrupt bool
}

// eagerness are semantic_vad's accepted values.
var eagerness = []string{"low", "medium", "high", "auto"}

// wire is turn_detection as sent in session.update, or nil (JSON null) for NoVAD.
func (t TurnDetection) wire(silenceMs int) (map[string]any, error) {
	td := map[string]any{"create_response": true, "interrupt_response": !t.NoInterrupt}
	switch t.Type {
	case "", SemanticVAD:
		e := t.Eagerness
		if e == "" {
			e = "auto"
		}
		if !contains(eagerness, e) {
			return nil, fmt.Errorf("openai: turn detection eagerness %q is not one of low, medium, high or auto", e)
		}
		td["type"], td["eagerness"] = SemanticVAD, e
	case ServerVAD:
		td["type"] = ServerVAD
		td["threshold"] = or(t.Threshold, 0.5)
		td["prefix_padding_ms"] = or(t.PrefixMs, 300)
		td["silence_duration_ms"] = or(t.SilenceMs, or(silenceMs, 500))
	case NoVAD:
		return nil, nil
	default:
		return nil, fmt.Errorf("openai: turn detection %q is not one of %s, %s or %s", t.Type, SemanticVAD, ServerVAD, NoVAD)
	}
	return td, nil
}

func or[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
