package runtime_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/protocol"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/runtime"
)

// TestCutOffGoOn: a stream that drops after text was shown keeps the text,
// marks it, ends the turn without a failure, and the next turn ("go on")
// sends the marked text to the model so it can continue.
func TestCutOffGoOn(t *testing.T) {
	long := strings.Repeat("Lots of words that stream one small piece at a time. ", 40)
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			srv := b.serve(t, pt.Script(pt.Reply{Text: long}, pt.Reply{Text: "And so on."}))
			px := pt.NewFaultProxy(t, srv, pt.Fault{Kind: pt.DropAfter, N: 3000, Times: 1})
			p := llm.WithRetry(b.dial(t, &pt.Server{BaseURL: px.BaseURL}), llm.RetryPolicy{
				Sleep: func(context.Context, time.Duration) error { return nil }})
			g := &rig{srv: srv, b: b, stream: true}
			g.rt = runtime.New(runtime.Config{Provider: p, Bus: protocol.New("test")})
			final, ds, err := g.ask(t, "tell me a lot")
			if err != nil || !strings.HasSuffix(final, llm.CutOffMark) || len(final) <= len(llm.CutOffMark) {
				t.Fatalf("final %q, err %v", final, err)
			}
			var shown strings.Builder
			for _, d := range ds {
				if d.Kind == runtime.Text {
					shown.WriteString(d.Text)
				}
			}
			if shown.String() != final {
				t.Errorf("the terminal showed %q, the turn ended with %q", shown.String(), final)
			}
			if final, _, err := g.ask(t, "go on"); err != nil || final != "And so on." {
				t.Fatalf("go on: %q, %v", final, err)
			}
			seen := srv.Seen()
			hist := seen[len(seen)-1].Messages
			if len(hist) != 3 || hist[1].Role != llm.Assistant || !strings.HasSuffix(hist[1].Text, strings.TrimSpace(llm.CutOffMark)) {
				t.Errorf("the model saw %+v", hist)
			}
		})
	}
}
