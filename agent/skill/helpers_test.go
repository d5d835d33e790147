package skill

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
)

// fixtures copies testdata/bundles into a temporary folder (so program
// handlers are executable whatever the checkout did) and returns it.
func fixtures(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "bundles")
	if err := copyTree("testdata/bundles", dir, Limits{}); err != nil {
		t.Fatal(err)
	}
	progs, _ := filepath.Glob(filepath.Join(dir, "*", "bin", "*"))
	for _, p := range progs {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// manifestOf is a manifest in dir listing the given skill URIs.
func manifestOf(dir string, uris ...string) *manifest.Manifest {
	m := &manifest.Manifest{Name: "test", Dir: dir}
	for _, u := range uris {
		m.Skills = append(m.Skills, manifest.Skill{URI: u})
	}
	return m
}

// registryTools stands for the registry's built-in tools.
func registryTools() []*tools.Tool {
	return []*tools.Tool{{Name: "wave", Description: "Wave at the user."}, {Name: "speak", Description: "Say something."}}
}

// load loads skills (closing the set when the test ends) and returns it with
// the load problems as strings.
func load(t *testing.T, cfg Config) (*Set, []string) {
	t.Helper()
	if cfg.Tools == nil {
		cfg.Tools = registryTools
	}
	s, errs := Load(context.Background(), cfg)
	t.Cleanup(func() { s.Close() })
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return s, out
}

// recorder subscribes to bus and collects events until it is read.
type recorder struct{ sub *protocol.Subscription }

func record(bus *protocol.Bus, types ...protocol.Type) *recorder {
	return &recorder{sub: bus.Subscribe(types...)}
}

// events returns what arrived (the executor emits synchronously, so
// everything posted before the call returned is waiting).
func (r *recorder) events() []protocol.Event {
	var out []protocol.Event
	r.sub.Drain(1000, func(e protocol.Event) { out = append(out, e) })
	return out
}

// first returns the first event of type typ, failing the test without one.
func (r *recorder) first(t *testing.T, typ protocol.Type) protocol.Event {
	t.Helper()
	for _, e := range r.events() {
		if e.Type == typ {
			return e
		}
	}
	t.Fatalf("no %s event", typ)
	return protocol.Event{}
}

// call runs one call of name through a real executor whose gate allows
// high-risk calls (--yes), and returns the outcome.
func call(t *testing.T, s *Set, bus *protocol.Bus, name, args string) tools.Outcome {
	t.Helper()
	e := &tools.Executor{Tools: tools.NewRegistry(s.Tools()...), Gate: &tools.Gate{Yes: true, Bus: bus}, Bus: bus, Timeout: 10 * time.Second}
	return e.Run(context.Background(), []llm.ToolCall{{ID: "1", Name: name, Args: json.RawMessage(args)}})[0]
}

// hasProblem reports whether some problem contains every part.
func hasProblem(problems []string, parts ...string) bool {
	for _, p := range problems {
		ok := true
		for _, part := range parts {
			ok = ok && strings.Contains(p, part)
		}
		if ok {
			return true
		}
	}
	return false
}
