package protocol

// Stats is the type of [StatsPayload] events.
const Stats Type = "stats"

// StatsPayload is what the window's F1 panel shows of the session: Run
// after each turn (the session's totals so far) and Voice after each timed
// voice turn. Either may be nil; a nil part leaves the last one shown.
type StatsPayload struct {
	Run   *RunStats  `json:"run,omitempty"`
	Voice *VoiceTurn `json:"voice,omitempty"`
}

// RunStats are a session's totals: turns, model rounds, tokens in and
// out, and tool calls per tool.
type RunStats struct {
	Turns        int            `json:"turns"`
	Rounds       int            `json:"rounds"`
	InputTokens  int            `json:"inputTokens"`
	OutputTokens int            `json:"outputTokens"`
	ToolCalls    map[string]int `json:"toolCalls,omitempty"`
}

// VoiceTurn is the latency of one voice turn, from the end of the user's
// speech to the first sound of the reply, in milliseconds: the provider's
// share and kin's own stages (capture, aec, resample, send, receive,
// decode, play), in order.
type VoiceTurn struct {
	TotalMs    float64     `json:"totalMs"`
	ProviderMs float64     `json:"providerMs"`
	Stages     []StageTime `json:"stages,omitempty"`
}

// StageTime is one of kin's stages of a voice turn.
type StageTime struct {
	Name string  `json:"name"`
	Ms   float64 `json:"ms"`
}

// EventType implements Payload.
func (StatsPayload) EventType() Type { return Stats }
