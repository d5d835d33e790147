package runtime

import (
	"maps"
	"sync"

	"github.com/kin-companion/kin/agent/llm"
)

// Stats counts what a runtime's turns cost: turns, rounds (the agent
// loop's model calls), tokens as the providers reported them (for every
// model call, the repair and summary calls included), and tool calls by
// tool name.
type Stats struct {
	Turns        int            `json:"turns"`
	Rounds       int            `json:"rounds"`
	InputTokens  int            `json:"inputTokens"`
	OutputTokens int            `json:"outputTokens"`
	ToolCalls    map[string]int `json:"toolCalls,omitempty"`
}

// Add adds o's counts to s.
func (s *Stats) Add(o Stats) {
	s.Turns += o.Turns
	s.Rounds += o.Rounds
	s.InputTokens += o.InputTokens
	s.OutputTokens += o.OutputTokens
	for name, n := range o.ToolCalls {
		if s.ToolCalls == nil {
			s.ToolCalls = map[string]int{}
		}
		s.ToolCalls[name] += n
	}
}

// clone returns a copy of s that shares no map.
func (s Stats) clone() Stats {
	s.ToolCalls = maps.Clone(s.ToolCalls)
	return s
}

// statsKeeper holds the session's stats and the running turn's.
type statsKeeper struct {
	mu      sync.Mutex
	session Stats
	turn    Stats
}

// model counts one model call's tokens; round says it was a round of
// the agent loop.
func (k *statsKeeper) model(u llm.Usage, round bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if round {
		k.turn.Rounds++
	}
	k.turn.InputTokens += u.Input
	k.turn.OutputTokens += u.Output
}

func (k *statsKeeper) calls(cs []llm.ToolCall) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, c := range cs {
		if k.turn.ToolCalls == nil {
			k.turn.ToolCalls = map[string]int{}
		}
		k.turn.ToolCalls[c.Name]++
	}
}

// endTurn closes the turn's count into the session's and returns it.
func (k *statsKeeper) endTurn() Stats {
	k.mu.Lock()
	defer k.mu.Unlock()
	t := k.turn
	t.Turns = 1
	k.session.Add(t)
	k.turn = Stats{}
	return t
}

// Stats returns the counts of this runtime's session so far (finished
// turns only).
func (r *Runtime) Stats() Stats {
	r.stats.mu.Lock()
	defer r.stats.mu.Unlock()
	return r.stats.session.clone()
}

// endTurnStats ends the turn's count and hands it to Config.OnStats.
func (r *Runtime) endTurnStats() {
	t := r.stats.endTurn()
	if r.cfg.OnStats != nil {
		r.cfg.OnStats(t)
	}
}
