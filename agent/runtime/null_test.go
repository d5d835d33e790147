package runtime_test

import (
	"context"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/provider/null"
	"github.com/kin-companion/kin/agent/runtime"
)

// TestNullAnswers: without a model, the first message gets the hint how
// to connect one (unless the caller gave it) and every later one a short
// reminder, never silence.
func TestNullAnswers(t *testing.T) {
	for _, hinted := range []bool{false, true} {
		rt := runtime.New(runtime.Config{Hinted: hinted})
		want := []string{null.Hint, null.Reminder, null.Reminder}
		if hinted {
			want[0] = null.Reminder
		}
		for i, w := range want {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			final := ""
			for d := range rt.Send(ctx, "hello") {
				if d.Kind == runtime.Final {
					final = d.Text
				}
			}
			cancel()
			if final != w {
				t.Errorf("hinted %v, message %d: answered %q, want %q", hinted, i+1, final, w)
			}
		}
	}
}
