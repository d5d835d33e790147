package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestWatchDevices: a microphone that stops delivering, or a speaker that
// fails, is reported once.
func TestWatchDevices(t *testing.T) {
	cases := []struct {
		name    string
		last    time.Time
		speaker error
		want    string
	}{
		{"mic unplugged", time.Now().Add(-10 * time.Second), nil, "microphone stopped"},
		{"speaker failed", time.Now(), errors.New("device lost"), "speaker stopped: device lost"},
	}
	for _, c := range cases {
		got := make(chan string, 2)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		watchDevices(ctx, 5*time.Millisecond, func() time.Time { return c.last }, func() error { return c.speaker }, func(why string) { got <- why })
		cancel()
		if len(got) != 1 {
			t.Fatalf("%s: reported %d times", c.name, len(got))
		}
		if why := <-got; !strings.Contains(why, c.want) {
			t.Errorf("%s: %q", c.name, why)
		}
	}
	// Healthy devices: nothing reported before ctx ends.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	watchDevices(ctx, 5*time.Millisecond, time.Now, func() error { return nil }, func(why string) { t.Errorf("reported %q", why) })
}
