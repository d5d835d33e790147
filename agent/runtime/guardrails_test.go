package runtime_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/tools"
)

// TestPermissionDenialAndRepeatedFailure: a refused high-risk call becomes
// a standing constraint (asked once, then blocked); a call failing twice is
// disabled; both show in the continuation.
func TestPermissionDenialAndRepeatedFailure(t *testing.T) {
	each(t, func(t *testing.T, b backend, stream bool) {
		c := &confirmer{}
		del := textTool("fs_delete", tools.Meta{Risk: tools.High}, func(json.RawMessage) (string, error) { return "deleted", nil })
		flaky := textTool("fetch", tools.Meta{}, func(json.RawMessage) (string, error) { return "", errors.New("connection refused") })
		g := newRig(t, b, stream, pt.Script(
			pt.Reply{Calls: []pt.Call{{Name: "fs_delete", Args: `{"q":"/tmp/x"}`}, {Name: "fetch", Args: `{"q":"u"}`}}},
			pt.Reply{Calls: []pt.Call{{Name: "fs_delete", Args: `{"q":"/tmp/y"}`}, {Name: "fetch", Args: `{"q":"u"}`}}},
			pt.Reply{Calls: []pt.Call{{Name: "fetch", Args: `{"q":"u"}`}}},
			pt.Reply{Text: "I couldn't do either."}),
			withTool(del), withTool(flaky), func(cfg *runtime.Config) { cfg.Confirm = c })
		if final, _, err := g.ask(t, "clean up"); err != nil || final != "I couldn't do either." {
			t.Fatalf("%q %v", final, err)
		}
		if len(c.asked) != 1 {
			t.Errorf("asked %d times, want once", len(c.asked))
		}
		seen := g.srv.Seen()
		if r := lastResults(t, seen[2])[0]; !strings.Contains(r.Content, "already refused") {
			t.Errorf("second delete: %q", r.Content)
		}
		if !strings.Contains(seen[2].System, "Permission denied by the user this turn") || !strings.Contains(seen[2].System, "disabled for this turn") {
			t.Errorf("continuation:\n%s", seen[2].System)
		}
		if r := lastResults(t, seen[3])[0]; !strings.Contains(r.Content, "disabled") {
			t.Errorf("third fetch not blocked: %q", r.Content)
		}
	})
}
