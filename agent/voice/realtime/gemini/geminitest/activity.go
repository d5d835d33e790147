package geminitest

import (
	"bytes"
	"encoding/json"
	"slices"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/vad"
)

// activity is automaticActivityDetection as the Live API accepts it
// (protocols.md §B; proto-JSON camelCase, UPPER_CASE enums).
type activity struct {
	Disabled                 bool   `json:"disabled"`
	StartOfSpeechSensitivity string `json:"startOfSpeechSensitivity"`
	EndOfSpeechSensitivity   string `json:"endOfSpeechSensitivity"`
	PrefixPaddingMs          int    `json:"prefixPaddingMs"`
	SilenceDurationMs        int    `json:"silenceDurationMs"`
}

var activityFields = []string{"disabled", "startOfSpeechSensitivity", "endOfSpeechSensitivity",
	"prefixPaddingMs", "silenceDurationMs"}

// parseActivity checks raw; false is what the real server closes with 1007 for
// (an unknown field or enum value).
func parseActivity(raw json.RawMessage) (activity, bool) {
	var a activity
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return a, true
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil || json.Unmarshal(raw, &a) != nil {
		return a, false
	}
	for k := range fields {
		if !slices.Contains(activityFields, k) {
			return a, false
		}
	}
	okStart := slices.Contains([]string{"", "START_SENSITIVITY_UNSPECIFIED", "START_SENSITIVITY_HIGH", "START_SENSITIVITY_LOW"}, a.StartOfSpeechSensitivity)
	okEnd := slices.Contains([]string{"", "END_SENSITIVITY_UNSPECIFIED", "END_SENSITIVITY_HIGH", "END_SENSITIVITY_LOW"}, a.EndOfSpeechSensitivity)
	return a, okStart && okEnd && a.PrefixPaddingMs >= 0 && a.SilenceDurationMs >= 0
}

// vadConfig is the fake's energy VAD standing in for the server's: a high start
// sensitivity starts on less speech, a low end sensitivity waits longer.
func (a activity) vadConfig() vad.Config {
	c := vad.Config{Rate: audio.CaptureRate, Hang: time.Duration(max(a.SilenceDurationMs, 200)) * time.Millisecond}
	if a.StartOfSpeechSensitivity == "START_SENSITIVITY_HIGH" {
		c.Start = 40 * time.Millisecond
	}
	if a.EndOfSpeechSensitivity == "END_SENSITIVITY_LOW" {
		c.Hang += 300 * time.Millisecond
	}
	return c
}
