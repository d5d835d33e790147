package protocol

import "encoding/json"

// Type names an event.
type Type string

// The event types of the agent protocol, and kin's high-rate signals.
const (
	Speak        Type = "speak"
	Think        Type = "think"
	Gesture      Type = "gesture"
	Emote        Type = "emote"
	LookAt       Type = "look-at"
	PerformSkill Type = "perform-skill"
	SkillDone    Type = "skill-done"
	SkillError   Type = "skill-error"
	Remember     Type = "remember"
	Sign         Type = "sign"
	LoadStart    Type = "load-start"
	LoadEnd      Type = "load-end"
	Validate     Type = "validate"
	Presence     Type = "presence"
	ToolCall     Type = "tool-call"
	Board        Type = "board"
	VoiceTurn    Type = "voice-turn"
	AudioLevel   Type = "audio-level" // lossy
	Viseme       Type = "viseme"      // lossy
)

// Lossy reports whether events of type t may be coalesced: a slow
// subscriber sees only the newest.
func (t Type) Lossy() bool { return t == AudioLevel || t == Viseme }

// Payload is the body of an event; its type decides the event's Type.
type Payload interface {
	EventType() Type
}

// SpeakPayload is text the agent says; Sentiment runs from −1 to 1.
type SpeakPayload struct {
	Text      string  `json:"text"`
	Sentiment float64 `json:"sentiment"`
}

// ThinkPayload is a thought shown while the agent works.
type ThinkPayload struct {
	Thought string `json:"thought"`
}

// GesturePayload asks for a one-shot gesture; Duration is in milliseconds
// (0 means the gesture's own length).
type GesturePayload struct {
	Name     string `json:"name"`
	Duration int    `json:"duration,omitempty"`
}

// EmotePayload injects a stimulus: Trigger names an emotion (concern,
// celebration, patience, curiosity, empathy), Weight is 0..1.
type EmotePayload struct {
	Trigger string  `json:"trigger"`
	Weight  float64 `json:"weight"`
}

// LookAtPayload turns the gaze: "user", "camera", "center" or "model".
type LookAtPayload struct {
	Target string `json:"target"`
}

// PerformSkillPayload announces a skill starting.
type PerformSkillPayload struct {
	Skill         string          `json:"skill"`
	Args          json.RawMessage `json:"args,omitempty"`
	AnimationHint string          `json:"animationHint,omitempty"`
}

// SkillResult is the outcome of a skill.
type SkillResult struct {
	Success   bool            `json:"success"`
	Output    string          `json:"output,omitempty"`
	Sentiment float64         `json:"sentiment"`
	Data      json.RawMessage `json:"data,omitempty"`
}

// SkillDonePayload reports a finished skill.
type SkillDonePayload struct {
	Skill  string      `json:"skill"`
	Result SkillResult `json:"result"`
}

// SkillErrorPayload reports a failed skill.
type SkillErrorPayload struct {
	Skill string `json:"skill"`
	Error string `json:"error"`
}

// RememberPayload records a memory being written.
type RememberPayload struct {
	Type        string   `json:"type"`
	Content     string   `json:"content"`
	Key         string   `json:"key,omitempty"`
	Name        string   `json:"name,omitempty"`
	Description string   `json:"description,omitempty"`
	Tags        []string `json:"tags,omitempty"`
}

// SignPayload records a message signed with the agent's wallet.
type SignPayload struct {
	Message string `json:"message"`
	Address string `json:"address"`
}

// LoadStartPayload announces a model starting to load.
type LoadStartPayload struct {
	URI string `json:"uri"`
}

// LoadEndPayload reports a model load; Error is empty on success.
type LoadEndPayload struct {
	URI   string `json:"uri"`
	Error string `json:"error,omitempty"`
}

// ValidatePayload reports a validation with its error and warning counts.
type ValidatePayload struct {
	Errors   Count `json:"errors"`
	Warnings Count `json:"warnings"`
}

// ToolCallPayload records the permission gate's decision on one tool call,
// before it runs: who asked, how risky it is, whether it may run and why.
// Args are already redacted (no keys, tokens or passwords).
type ToolCallPayload struct {
	Tool    string          `json:"tool"`
	Caller  string          `json:"caller"` // "model", "voice", "mcp", "schedule", …
	Risk    string          `json:"risk"`   // "low", "medium" or "high"
	Allowed bool            `json:"allowed"`
	Reason  string          `json:"reason"` // e.g. "asked the user", "always allowed", "--yes", "no one to ask"
	Summary string          `json:"summary,omitempty"`
	Args    json.RawMessage `json:"args,omitempty"`
}

// BoardPayload shows a whiteboard: a panel with Markdown the agent wrote
// (create_board). A board with the ID of one on screen replaces it; Close
// takes it away. Width and Height are in device-independent pixels (0
// means 640×520).
type BoardPayload struct {
	ID       string `json:"id,omitempty"`
	Title    string `json:"title,omitempty"`
	Markdown string `json:"markdown,omitempty"`
	Width    int    `json:"width,omitempty"`
	Height   int    `json:"height,omitempty"`
	Close    bool   `json:"close,omitempty"`
}

// PresencePayload says what the agent is doing: e.g. "idle", "listening",
// "thinking", "speaking", "offline".
type PresencePayload struct {
	State string `json:"state"`
}

// AudioLevelPayload is the loudness of audio: RMS of a 10–20 ms window,
// 0..1. Source says whose: "" (or "kin") for kin's voice as it is played,
// "user" for the microphone. Lossy.
type AudioLevelPayload struct {
	RMS    float64 `json:"rms"`
	Source string  `json:"source,omitempty"`
}

// VoiceTurnPayload is the timing of one spoken turn, in milliseconds: from the
// end of the user's speech to the first sample of kin's reply played (Total),
// split into kin's own stages, the end-of-turn wait kin holds itself (the
// cascade's silence and grace; 0 where the provider detects the end), and the
// provider's share (Total less the rest). Path is "realtime" or "cascade". On
// the cascade the provider's share is split further into transcription, the
// model's first token and first whole sentence, and the speech's first audio.
// One per answered turn; must-deliver.
type VoiceTurnPayload struct {
	Path       string  `json:"path"`
	TotalMs    float64 `json:"totalMs"`
	ProviderMs float64 `json:"providerMs"`
	KinMs      float64 `json:"kinMs"`
	WaitMs     float64 `json:"waitMs,omitempty"`
	// kin's stages
	CaptureMs  float64 `json:"captureMs"`
	AECMs      float64 `json:"aecMs"`
	ResampleMs float64 `json:"resampleMs"`
	SendMs     float64 `json:"sendMs"`
	ReceiveMs  float64 `json:"receiveMs"`
	DecodeMs   float64 `json:"decodeMs"`
	PlayMs     float64 `json:"playMs"`
	// the cascade's providers
	STTMs           float64 `json:"sttMs,omitempty"`
	FirstTokenMs    float64 `json:"firstTokenMs,omitempty"`
	FirstSentenceMs float64 `json:"firstSentenceMs,omitempty"`
	FirstAudioMs    float64 `json:"firstAudioMs,omitempty"`
}

// VisemePayload is a mouth shape (an Oculus viseme name such as "aa") with
// its weight 0..1. Lossy.
type VisemePayload struct {
	Name   string  `json:"name"`
	Weight float64 `json:"weight"`
}

// EventType implements Payload.
func (SpeakPayload) EventType() Type { return Speak }

// EventType implements Payload.
func (ThinkPayload) EventType() Type { return Think }

// EventType implements Payload.
func (GesturePayload) EventType() Type { return Gesture }

// EventType implements Payload.
func (EmotePayload) EventType() Type { return Emote }

// EventType implements Payload.
func (LookAtPayload) EventType() Type { return LookAt }

// EventType implements Payload.
func (PerformSkillPayload) EventType() Type { return PerformSkill }

// EventType implements Payload.
func (SkillDonePayload) EventType() Type { return SkillDone }

// EventType implements Payload.
func (SkillErrorPayload) EventType() Type { return SkillError }

// EventType implements Payload.
func (RememberPayload) EventType() Type { return Remember }

// EventType implements Payload.
func (SignPayload) EventType() Type { return Sign }

// EventType implements Payload.
func (LoadStartPayload) EventType() Type { return LoadStart }

// EventType implements Payload.
func (LoadEndPayload) EventType() Type { return LoadEnd }

// EventType implements Payload.
func (ValidatePayload) EventType() Type { return Validate }

// EventType implements Payload.
func (PresencePayload) EventType() Type { return Presence }

// EventType implements Payload.
func (ToolCallPayload) EventType() Type { return ToolCall }

// EventType implements Payload.
func (BoardPayload) EventType() Type { return Board }

// EventType implements Payload.
func (VoiceTurnPayload) EventType() Type { return VoiceTurn }

// EventType implements Payload.
func (AudioLevelPayload) EventType() Type { return AudioLevel }

// EventType implements Payload.
func (VisemePayload) EventType() Type { return Viseme }
