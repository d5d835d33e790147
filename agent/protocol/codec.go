package protocol

import (
	"encoding/json"
	"fmt"
	"time"
)

// Event is one event in its envelope. Timestamp is milliseconds since the
// Unix epoch, as the protocol writes it.
type Event struct {
	Type        Type    `json:"type"`
	Payload     Payload `json:"payload"`
	Timestamp   int64   `json:"timestamp"`
	AgentID     string  `json:"agentId,omitempty"`
	SourceSkill string  `json:"sourceSkill,omitempty"`
}

// Time returns the event's timestamp as a time.Time.
func (e Event) Time() time.Time { return time.UnixMilli(e.Timestamp) }

// decoders parses each type's JSON payload into its value type.
var decoders = map[Type]func([]byte) (Payload, error){
	Speak:        decode[SpeakPayload],
	Think:        decode[ThinkPayload],
	Gesture:      decode[GesturePayload],
	Emote:        decode[EmotePayload],
	LookAt:       decode[LookAtPayload],
	PerformSkill: decode[PerformSkillPayload],
	SkillDone:    decode[SkillDonePayload],
	SkillError:   decode[SkillErrorPayload],
	Remember:     decode[RememberPayload],
	Sign:         decode[SignPayload],
	LoadStart:    decode[LoadStartPayload],
	LoadEnd:      decode[LoadEndPayload],
	Validate:     decode[ValidatePayload],
	Presence:     decode[PresencePayload],
	ToolCall:     decode[ToolCallPayload],
	Board:        decode[BoardPayload],
	VoiceTurn:    decode[VoiceTurnPayload],
	AudioLevel:   decode[AudioLevelPayload],
	Viseme:       decode[VisemePayload],
	Stats:        decode[StatsPayload],
}

func decode[T Payload](data []byte) (Payload, error) {
	var v T
	if len(data) > 0 && string(data) != "null" {
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// Types lists every event type the protocol defines.
func Types() []Type {
	return []Type{Speak, Think, Gesture, Emote, LookAt, PerformSkill, SkillDone, SkillError,
		Remember, Sign, LoadStart, LoadEnd, Validate, Presence, ToolCall, Board, VoiceTurn, AudioLevel, Viseme, Stats}
}

// DecodePayload parses the JSON payload of an event of type t.
func DecodePayload(t Type, data []byte) (Payload, error) {
	dec, ok := decoders[t]
	if !ok {
		return nil, fmt.Errorf("protocol: unknown event type %q", t)
	}
	p, err := dec(data)
	if err != nil {
		return nil, fmt.Errorf("protocol: %s payload: %w", t, err)
	}
	return p, nil
}

// UnmarshalJSON decodes an envelope, choosing the payload type by "type".
func (e *Event) UnmarshalJSON(data []byte) error {
	var raw struct {
		Type        Type            `json:"type"`
		Payload     json.RawMessage `json:"payload"`
		Timestamp   int64           `json:"timestamp"`
		AgentID     string          `json:"agentId"`
		SourceSkill string          `json:"sourceSkill"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("protocol: event: %w", err)
	}
	p, err := DecodePayload(raw.Type, raw.Payload)
	if err != nil {
		return err
	}
	*e = Event{Type: raw.Type, Payload: p, Timestamp: raw.Timestamp, AgentID: raw.AgentID, SourceSkill: raw.SourceSkill}
	return nil
}

// Count is a number of items that also accepts a JSON array, counting its
// elements (validators send either form).
type Count int

// UnmarshalJSON accepts a number or an array.
func (c *Count) UnmarshalJSON(data []byte) error {
	var n int
	if err := json.Unmarshal(data, &n); err == nil {
		*c = Count(n)
		return nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(data, &list); err != nil {
		return fmt.Errorf("want a count or an array: %w", err)
	}
	*c = Count(len(list))
	return nil
}
