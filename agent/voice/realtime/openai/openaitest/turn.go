package openaitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// turnDetection is session.audio.input.turn_detection as the real server
// accepts it: server_vad or semantic_vad, each with its own fields only.
type turnDetection struct {
	Type              string   `json:"type"`
	Eagerness         string   `json:"eagerness"`
	Threshold         *float64 `json:"threshold"`
	PrefixPaddingMs   *int     `json:"prefix_padding_ms"`
	SilenceDurationMs *int     `json:"silence_duration_ms"`
	IdleTimeoutMs     *int     `json:"idle_timeout_ms"`
	CreateResponse    *bool    `json:"create_response"`
	InterruptResponse *bool    `json:"interrupt_response"`
}

// The fields each type takes (protocols.md §A, the OpenAPI RealtimeTurnDetection).
var turnFields = map[string][]string{
	"server_vad": {"type", "threshold", "prefix_padding_ms", "silence_duration_ms",
		"idle_timeout_ms", "create_response", "interrupt_response"},
	"semantic_vad": {"type", "eagerness", "create_response", "interrupt_response"},
}

// parseTurnDetection checks raw and returns nil for null or absent (no VAD),
// or the real server's error message.
func parseTurnDetection(raw json.RawMessage) (*turnDetection, string) {
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, ""
	}
	var fields map[string]json.RawMessage
	var t turnDetection
	if json.Unmarshal(raw, &fields) != nil || json.Unmarshal(raw, &t) != nil {
		return nil, "Invalid type for 'session.audio.input.turn_detection'."
	}
	allowed, ok := turnFields[t.Type]
	if !ok {
		return nil, fmt.Sprintf("Invalid value: '%s'. Supported values are: 'server_vad' and 'semantic_vad'.", t.Type)
	}
	for k := range fields {
		if !slices.Contains(allowed, k) {
			return nil, fmt.Sprintf("Unknown parameter: 'session.audio.input.turn_detection.%s'.", k)
		}
	}
	if t.Type == "semantic_vad" && t.Eagerness != "" &&
		!slices.Contains([]string{"low", "medium", "high", "auto"}, t.Eagerness) {
		return nil, fmt.Sprintf("Invalid value: '%s'. Supported values are: 'low', 'medium', 'high', and 'auto'.", t.Eagerness)
	}
	if t.Threshold != nil && (*t.Threshold < 0 || *t.Threshold > 1) {
		return nil, "Invalid 'session.audio.input.turn_detection.threshold': must be between 0 and 1."
	}
	return &t, ""
}

// hang is the silence the fake's energy VAD waits for before ending a turn:
// silence_duration_ms for server_vad; for semantic_vad a stand-in for the
// model's judgement, shorter the more eager (the real maxima are 8, 4 and 2 s).
func (t *turnDetection) hang() time.Duration {
	if t.Type == "server_vad" {
		ms := 500
		if t.SilenceDurationMs != nil {
			ms = *t.SilenceDurationMs
		}
		return time.Duration(max(ms, 200)) * time.Millisecond
	}
	switch t.Eagerness {
	case "low":
		return 800 * time.Millisecond
	case "high":
		return 300 * time.Millisecond
	}
	return 500 * time.Millisecond
}
