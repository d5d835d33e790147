package scene

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestQueue: the frame loop drains a request and replies; a loop that
// never drains makes Do time out rather than hang.
func TestQueue(t *testing.T) {
	q := NewQueue(1)
	go func() {
		req := <-q.Requests()
		req.Reply("waved", nil)
	}()
	if out, err := q.Do(context.Background(), Wave{Duration: time.Second}); out != "waved" || err != nil {
		t.Fatalf("%q %v", out, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := q.Do(ctx, LookAt{Target: "user"}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("undrained: %v", err)
	}
}
