package gemini

import "fmt"

// Activity is Gemini Live's automatic activity detection (setup
// realtimeInputConfig.automaticActivityDetection): how readily the server hears
// the user start and stop speaking. Zero fields take the defaults shown.
type Activity struct {
	// Start is startOfSpeechSensitivity: START_SENSITIVITY_LOW (default: fewer
	// false starts from speaker echo and backchannels) or START_SENSITIVITY_HIGH.
	Start string
	// End is endOfSpeechSensitivity: END_SENSITIVITY_HIGH (default: the turn
	// ends promptly) or END_SENSITIVITY_LOW (lets the user pause longer).
	End string
	// PrefixMs is prefixPaddingMs, speech needed before a start is committed;
	// 0 leaves the server's default.
	PrefixMs int
	// SilenceMs is silenceDurationMs; Dialer.SilenceMs or 500.
	SilenceMs int
	// Disabled turns automatic detection off; the client then marks turns with
	// activityStart and activityEnd.
	Disabled bool
}

// The sensitivities the Live API accepts.
const (
	StartLow  = "START_SENSITIVITY_LOW"
	StartHigh = "START_SENSITIVITY_HIGH"
	EndLow    = "END_SENSITIVITY_LOW"
	EndHigh   = "END_SENSITIVITY_HIGH"
)

// wire is automaticActivityDetection as sent in setup.
func (a Activity) wire(silenceMs int) (map[string]any, error) {
	if a.Disabled {
		return map[string]any{"disabled": true}, nil
	}
	start, end := a.Start, a.End
	if start == "" {
		start = StartLow
	}
	if end == "" {
		end = EndHigh
	}
	if start != StartLow && start != StartHigh {
		return nil, fmt.Errorf("gemini: start-of-speech sensitivity %q is not %s or %s", start, StartLow, StartHigh)
	}
	if end != EndLow && end != EndHigh {
		return nil, fmt.Errorf("gemini: end-of-speech sensitivity %q is not %s or %s", end, EndLow, EndHigh)
	}
	silence := a.SilenceMs
	if silence == 0 {
		silence = silenceMs
	}
	if silence == 0 {
		silence = 500
	}
	aad := map[string]any{"disabled": false, "startOfSpeechSensitivity": start,
		"endOfSpeechSensitivity": end, "silenceDurationMs": silence}
	if a.PrefixMs > 0 {
		aad["prefixPaddingMs"] = a.PrefixMs
	}
	return aad, nil
}
