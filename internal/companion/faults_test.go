package companion

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/provider"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/store"
)

// faultAnswer is long enough that a stream cut after 3,000 bytes has shown some of it.
var faultAnswer = strings.Repeat("A long answer that streams in small pieces. ", 60)

// storeFaults are the faults a whole turn of the companion runs through; ok says the
// turn still ends in an answer (whole, or cut off and marked).
var storeFaults = []struct {
	name  string
	fault pt.Fault
	ok    bool
}{
	{"drop", pt.Fault{Kind: pt.DropAfter}, false},
	{"drop-once", pt.Fault{Kind: pt.DropAfter, Times: 1}, true},
	{"cut-off", pt.Fault{Kind: pt.DropAfter, N: 3000}, true},
	{"garbage", pt.Fault{Kind: pt.Garbage}, false},
	{"stall", pt.Fault{Kind: pt.Stall}, false},
	{"429", pt.Fault{Kind: pt.Storm429}, false},
	{"500", pt.Fault{Kind: pt.Storm500}, false},
	{"500-once", pt.Fault{Kind: pt.Storm500, Times: 1}, true},
	{"drip", pt.Fault{Kind: pt.SlowDrip, Delay: 5 * time.Microsecond}, true},
}

// faultBackends are the provider fakes behind the proxy, by provider name.
var faultBackends = map[string]func(testing.TB, pt.Respond) *pt.Server{
	"openai":    func(t testing.TB, r pt.Respond) *pt.Server { return pt.NewOpenAI(t, r, pt.OpenAI) },
	"anthropic": pt.NewAnthropic,
	"gemini":    pt.NewGemini,
}

// startVia starts a companion on dir whose provider is name at base, retrying fast.
func startVia(t *testing.T, dir, name, base string) *Companion {
	t.Helper()
	c, err := Start(context.Background(), Options{DataDir: dir, Provider: provider.Options{
		Provider: name, BaseURL: base, APIKey: "test", Model: "m-test", Getenv: func(string) string { return "" },
		Retry: llm.RetryPolicy{Attempts: 3, Timeout: time.Second, Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }}}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sendTurn sends text and returns the final answer or the failure.
func sendTurn(c *Companion, text string) (string, error) {
	var final string
	for d := range c.Send(context.Background(), text) {
		switch d.Kind {
		case runtime.Final:
			final = d.Text
		case runtime.Failed:
			return "", d.Err
		}
	}
	return final, nil
}

// TestFaultsKeepStoreConsistent runs a turn through every fault against every
// provider, then a turn without faults in a new session, and reads the store from
// disk after each: the transcript holds each turn whole (the user's line, then the
// answer whole or marked as cut off, or a note of the failure — never a bare piece of
// an answer), every answer is in the diary as said, and the diary chain verifies.
func TestFaultsKeepStoreConsistent(t *testing.T) {
	for name, serve := range faultBackends {
		for _, fc := range storeFaults {
			t.Run(name+"/"+fc.name, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				srv := serve(t, func(int, pt.Seen) pt.Reply { return pt.Reply{Text: faultAnswer} })
				px := pt.NewFaultProxy(t, srv, fc.fault)

				c := startVia(t, dir, name, px.BaseURL)
				answer, err := sendTurn(c, "tell me a long story")
				ok := fc.ok || name == "anthropic" && fc.name == "garbage" // its SDK skips a frame it cannot read
				if (err == nil) != ok {
					t.Errorf("turn under the fault: answer %.40q, err %v; want ok=%v", answer, err, fc.ok)
				}
				if fc.name == "cut-off" && !strings.HasSuffix(answer, llm.CutOffMark) {
					t.Errorf("a cut-off answer is not marked: %.60q…", answer)
				}
				if err := c.Close(); err != nil {
					t.Fatal(err)
				}
				checkStore(t, dir, 1)

				c = startVia(t, dir, name, srv.BaseURL)
				if answer, err := sendTurn(c, "go on"); err != nil || answer != faultAnswer {
					t.Errorf("turn after the fault: %.40q, %v", answer, err)
				}
				if err := c.Close(); err != nil {
					t.Fatal(err)
				}
				checkStore(t, dir, 2)
			})
		}
	}
}

// checkStore opens the store in dir and checks that it holds turns whole turns,
// consistent with the diary, and that the diary verifies.
func checkStore(t *testing.T, dir string, turns int) {
	t.Helper()
	db, err := store.Open(store.Options{Dir: dir, GCInterval: -1, MinFreeBytes: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, _, err := db.Diary().Verify(); err != nil {
		t.Errorf("diary does not verify: %v", err)
	}
	msgs, err := db.Transcripts().Recent("", 100)
	if err != nil {
		t.Fatal(err)
	}
	said := spoken(t, db)
	var shape []string
	answers := 0
	for i, m := range msgs {
		shape = append(shape, string(m.Role))
		switch {
		case m.Role == store.RoleUser:
			if i+1 >= len(msgs) || msgs[i+1].Role == store.RoleUser {
				t.Errorf("message %d: the user's %q has no answer and no note of a failure", i, m.Text)
			}
		case m.Role == store.RoleTool && strings.HasPrefix(m.Text, failedNote):
			if i+1 < len(msgs) && msgs[i+1].Role == store.RoleAssistant {
				t.Errorf("message %d: a failure note followed by an answer", i)
			}
			for _, raw := range []string{"invalid character", "EOF", "unmarshal", "Post \""} {
				if strings.Contains(m.Text, raw) {
					t.Errorf("message %d: the failure note %q holds the raw %q", i, m.Text, raw)
				}
			}
		case m.Role == store.RoleAssistant:
			if m.Text != faultAnswer && !strings.HasSuffix(m.Text, llm.CutOffMark) {
				t.Errorf("message %d: a piece of an answer, not marked as cut off: %.60q…", i, m.Text)
			}
			if answers >= len(said) || said[answers] != m.Text {
				t.Errorf("answer %d is not in the diary as said (diary: %d speak entries)", answers, len(said))
			}
			answers++
		}
	}
	if got := strings.Count(strings.Join(shape, ","), "user"); got != turns {
		t.Errorf("transcript %v holds %d user lines, want %d", shape, got, turns)
	}
	if len(said) != answers {
		t.Errorf("the diary says %d answers, the transcript holds %d", len(said), answers)
	}
}

// spoken returns the texts of the diary's speak entries, oldest first.
func spoken(t *testing.T, db *store.DB) []string {
	t.Helper()
	entries, err := db.Diary().Recent(1000)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.Type != "speak" {
			continue
		}
		var p struct{ Text string }
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			t.Fatal(fmt.Errorf("diary entry %d: %w", e.Seq, err))
		}
		out = append(out, p.Text)
	}
	return out
}
