package avatar

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/kin-companion/kin/agent/protocol"
)

// TimedEvent is one line of an events file: a protocol event due at T
// seconds.
type TimedEvent struct {
	T     float64
	Event protocol.Event
}

// ReadTimeline parses a JSON-lines events file, each line
// {"t": seconds, "type": "...", "payload": {...}}; blank lines and lines
// starting with # are skipped. Events come back ordered by time (stable
// for equal times). Errors name the line.
func ReadTimeline(r io.Reader, name string) ([]TimedEvent, error) {
	var out []TimedEvent
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		var raw struct {
			T       *float64        `json:"t"`
			Type    protocol.Type   `json:"type"`
			Payload json.RawMessage `json:"payload"`
		}
		if err := json.Unmarshal([]byte(text), &raw); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		if raw.T == nil || *raw.T < 0 {
			return nil, fmt.Errorf("%s:%d: \"t\" (seconds, ≥ 0) is missing or negative", name, line)
		}
		p, err := protocol.DecodePayload(raw.Type, raw.Payload)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		out = append(out, TimedEvent{T: *raw.T, Event: protocol.Event{Type: raw.Type, Payload: p, Timestamp: int64(*raw.T * 1000)}})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].T < out[j].T })
	return out, nil
}

// ReadTimelineFile reads an events file by path; "" means no events.
func ReadTimelineFile(path string) ([]TimedEvent, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("avatar: %w", err)
	}
	defer f.Close()
	return ReadTimeline(f, path)
}

// Simulate runs the character at a fixed timestep of 1/fps for the given
// seconds, handing each event to it at its time, and returns the final
// state.
func Simulate(c *Character, events []TimedEvent, seconds float64, fps int) State {
	if fps <= 0 {
		fps = 60
	}
	dt := 1 / float64(fps)
	steps := int(seconds*float64(fps) + 0.5)
	next := 0
	for i := 0; i < steps; i++ {
		now := float64(i) * dt
		for next < len(events) && events[next].T <= now+1e-9 {
			c.Handle(events[next].Event)
			next++
		}
		c.Update(float32(dt))
	}
	for ; next < len(events) && events[next].T <= seconds+1e-9; next++ {
		c.Handle(events[next].Event)
	}
	return c.State()
}
