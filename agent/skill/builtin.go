package skill

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/protocol"
)

// BuiltinVersion is the version of every built-in skill, for dependencies.
const BuiltinVersion = "1.0.0"

// BuiltinNames lists the built-in skills in the order they are offered.
var BuiltinNames = []string{"greet", "present-model", "validate-model", "remember", "think", "help"}

// Builtins returns the built-in skills cfg can support: remember needs
// Memory, present-model and validate-model need Doctor. help lists
// cfg.Tools, naming these skills as skills.
func Builtins(cfg Config) []*Skill {
	return builtins(cfg, nil)
}

// Catalog returns every built-in skill, for listing (kin skill list):
// its skills act on nothing and are not meant to be called.
func Catalog() []*Skill {
	return Builtins(Config{Memory: &memory.Mem{}, Doctor: func(string) (int, int, string) { return 0, 0, "" }})
}

// builtins is Builtins with the set whose skills help names (nil: only
// the built-in ones).
func builtins(cfg Config, s *Set) []*Skill {
	out := []*Skill{greetSkill(cfg)}
	if cfg.Doctor != nil {
		out = append(out, presentSkill(cfg), validateSkill(cfg))
	}
	if cfg.Memory != nil {
		out = append(out, rememberSkill(cfg))
	}
	out = append(out, thinkSkill(cfg.Bus))
	skillNames := func() []string {
		if s != nil {
			return names(s.Skills())
		}
		return append(names(out), "help")
	}
	out = append(out, helpSkill(cfg.Tools, skillNames))
	for _, sk := range out {
		sk.Version, sk.Source = BuiltinVersion, "built-in"
	}
	return out
}

func names(ss []*Skill) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.Name
	}
	return out
}

// data marshals a handler's data object.
func data(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return b
}

// emit posts p on bus as raised by skill, when there is a bus.
func emit(bus *protocol.Bus, skill string, p protocol.Payload) {
	if bus != nil {
		bus.EmitFrom(skill, p)
	}
}

// decodeArgs parses arguments into T, with an error naming the skill.
func decodeArgs[T any](skill string, args json.RawMessage) (T, error) {
	var v T
	if len(args) == 0 {
		return v, nil
	}
	if err := json.Unmarshal(args, &v); err != nil {
		return v, fmt.Errorf("%s: bad arguments %s: %v", skill, capText(string(args), 200), err)
	}
	return v, nil
}

// doctorCtx runs a doctor check without outliving ctx: when ctx ends
// first the check finishes in the background and its answer is dropped.
func doctorCtx(ctx context.Context, doctor func(string) (int, int, string), path string) (errs, warns int, summary string, err error) {
	type answer struct {
		e, w int
		s    string
	}
	ch := make(chan answer, 1)
	go func() {
		e, w, s := doctor(path)
		ch <- answer{e, w, s}
	}()
	select {
	case a := <-ch:
		return a.e, a.w, strings.TrimSpace(a.s), nil
	case <-ctx.Done():
		return 0, 0, "", fmt.Errorf("checking %s was stopped: %w", path, ctx.Err())
	}
}
