package protocol

// Stats is the type of [StatsPayload] events.
const Stats Type = "stats"

// StatsPayload is the session's run stats so far, sent after each turn for
// the window's F1 panel (a voice turn's latency travels as [VoiceTurnPayload]).
type StatsPayload struct {
	Run *RunStats `json:"run,omitempty"`
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

// EventType implements Payload.
func (StatsPayload) EventType() Type { return Stats }
