package tools

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/scene"
)

// Deps are what the built-in tools act on.
type Deps struct {
	Scene     scene.Scene
	Memory    memory.Store         // nil: remember is left out
	Bus       *protocol.Bus        // optional
	Slots     map[string]string    // animation slot map (manifest meta.edits.animations)
	Now       func() time.Time     // default time.Now
	Sentiment func(string) float64 // for speak; optional
}

// BuiltinNames lists the built-in tools in the order they are offered.
var BuiltinNames = []string{"wave", "lookAt", "play_clip", "setExpression", "speak", "remember", "get_datetime"}

// Builtins returns the built-in tools, restricted to allow when it is not
// empty (the manifest's tools list; get_datetime is always offered).
func Builtins(d Deps, allow []string) []*Tool {
	if d.Now == nil {
		d.Now = time.Now
	}
	sc := publishing{d.Scene, d.Bus}
	all := []*Tool{Wave(sc), LookAt(sc), PlayClip(sc, d.Slots), SetExpression(sc),
		Speak(d.Scene, d.Bus, d.Sentiment)}
	if d.Memory != nil {
		all = append(all, Remember(d.Memory, d.Bus))
	}
	all = append(all, GetDatetime(d.Now))
	if len(allow) == 0 {
		return all
	}
	var out []*Tool
	for _, t := range all {
		if slices.Contains(allow, t.Name) || t.Name == "get_datetime" {
			out = append(out, t)
		}
	}
	return out
}

// Decode parses a call's arguments into T; a JSON error names the tool and
// shows its schema, so the model can correct the call.
func Decode[T any](tool string, args json.RawMessage, schema json.RawMessage) (T, error) {
	return decode[T](tool, args, schema)
}

// decode parses args into T; a JSON error names the tool and its schema.
func decode[T any](tool string, args json.RawMessage, schema json.RawMessage) (T, error) {
	var v T
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	if err := json.Unmarshal(args, &v); err != nil {
		return v, fmt.Errorf("%s: bad arguments %s: %v; expected %s", tool, args, err, compact(schema))
	}
	return v, nil
}

func compact(schema json.RawMessage) string {
	var v any
	if json.Unmarshal(schema, &v) != nil {
		return string(schema)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func oneOf(tool, field, got string, allowed ...string) error {
	if slices.Contains(allowed, got) {
		return nil
	}
	return fmt.Errorf("%s: %s must be one of %s, not %q", tool, field, strings.Join(allowed, ", "), got)
}
