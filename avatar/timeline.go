package avatar

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
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
// for equal times). A field the line or its payload does not have, an
// emote trigger that names no emotion and a look-at target kin does not
// know are errors, since the character would ignore them. Errors name the
// line.
func ReadTimeline(r io.Reader, name string) ([]TimedEvent, error) {
	var out []TimedEvent
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		ev, err := parseTimedEvent([]byte(text))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		out = append(out, ev)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].T < out[j].T })
	return out, nil
}

// parseTimedEvent decodes one line of an events file and checks it.
func parseTimedEvent(text []byte) (TimedEvent, error) {
	var raw struct {
		T       *float64        `json:"t"`
		Type    protocol.Type   `json:"type"`
		Payload json.RawMessage `json:"payload"`
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		if field, _ := unknownField(text, reflect.TypeOf(raw)); field != "" {
			return TimedEvent{}, fmt.Errorf("unknown field %q (a line has t, type and payload)", field)
		}
		return TimedEvent{}, err
	}
	if raw.T == nil || *raw.T < 0 {
		return TimedEvent{}, errors.New("\"t\" (seconds, ≥ 0) is missing or negative")
	}
	p, err := protocol.DecodePayload(raw.Type, raw.Payload)
	if err != nil {
		return TimedEvent{}, err
	}
	if field, known := unknownField(raw.Payload, reflect.TypeOf(p)); field != "" {
		return TimedEvent{}, fmt.Errorf("%s payload: unknown field %q (its fields: %s)", raw.Type, field, strings.Join(known, ", "))
	}
	if err := checkPayload(p); err != nil {
		return TimedEvent{}, fmt.Errorf("%s payload: %w", raw.Type, err)
	}
	return TimedEvent{T: *raw.T, Event: protocol.Event{Type: raw.Type, Payload: p, Timestamp: int64(*raw.T * 1000)}}, nil
}

// checkPayload refuses names the character cannot act on.
func checkPayload(p protocol.Payload) error {
	switch p := p.(type) {
	case protocol.EmotePayload:
		if _, ok := EmotionByName(p.Trigger); !ok {
			return fmt.Errorf("trigger %q is not an emotion (%s)", p.Trigger, strings.Join(emotionNames[:], ", "))
		}
	case protocol.LookAtPayload:
		switch p.Target {
		case GazeUser, GazeCamera, GazeCenter, GazeModel:
		default:
			return fmt.Errorf("target %q is not one kin knows (%s, %s, %s, %s)", p.Target, GazeUser, GazeCamera, GazeCenter, GazeModel)
		}
	}
	return nil
}

// unknownField returns the first key of the JSON object data that no field
// of the struct type t takes, looking into objects nested in struct fields
// (as a dotted path), with the names of the fields that level has; "" when
// every key is known or data is not an object. Keys match field names as
// encoding/json matches them: exactly, else ignoring case.
func unknownField(data []byte, t reflect.Type) (string, []string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var obj map[string]json.RawMessage
	if t.Kind() != reflect.Struct || reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]()) ||
		json.Unmarshal(data, &obj) != nil {
		return "", nil
	}
	fields := payloadFields(t)
	known := make([]string, 0, len(fields))
	for _, f := range fields {
		known = append(known, f.name)
	}
	for _, key := range sortedKeys(obj) {
		f, ok := matchField(fields, key)
		if !ok {
			return key, known
		}
		if sub, subKnown := unknownField(obj[key], f.typ); sub != "" {
			return key + "." + sub, subKnown
		}
	}
	return "", nil
}

type payloadField struct {
	name string
	typ  reflect.Type
}

// payloadFields lists the JSON names of a struct's exported fields.
func payloadFields(t reflect.Type) []payloadField {
	var out []payloadField
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, payloadField{name, f.Type})
	}
	return out
}

func matchField(fields []payloadField, key string) (payloadField, bool) {
	for _, f := range fields {
		if f.name == key {
			return f, true
		}
	}
	for _, f := range fields {
		if strings.EqualFold(f.name, key) {
			return f, true
		}
	}
	return payloadField{}, false
}

func sortedKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
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

// The limits of [Simulate]. Emotions settle within a minute or two, so an
// hour is more than any run needs; at 60 steps a second the default
// avatar takes about two minutes to simulate it.
const (
	MaxSimulateSeconds = 3600
	MaxSimulateFPS     = 240
)

// Simulate runs the character at a fixed timestep of 1/fps for the given
// seconds (0 to [MaxSimulateSeconds]; fps 1 to [MaxSimulateFPS]), handing
// each event to it at its time, and returns the final state.
func Simulate(c *Character, events []TimedEvent, seconds float64, fps int) (State, error) {
	if !(seconds >= 0 && seconds <= MaxSimulateSeconds) {
		return State{}, fmt.Errorf("avatar: simulate %v seconds: want 0 to %d", seconds, MaxSimulateSeconds)
	}
	if fps < 1 || fps > MaxSimulateFPS {
		return State{}, fmt.Errorf("avatar: simulate at %d steps a second: want 1 to %d", fps, MaxSimulateFPS)
	}
	dt := 1 / float64(fps)
	steps := int(math.Round(seconds * float64(fps)))
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
	return c.State(), nil
}
