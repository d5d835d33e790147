package realtime

import (
	"context"
	"errors"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// closingConn is a connection whose server has just closed it with a close
// frame: writes fail at once (as a socket's do), the close frame is read a
// moment later.
type closingConn struct{ code int }

func (c *closingConn) InputRate() int                        { return audio.CaptureRate }
func (c *closingConn) SendAudio([]int16) error               { return syscall.EPIPE }
func (c *closingConn) EndAudio() error                       { return syscall.EPIPE }
func (c *closingConn) SendText(string) error                 { return syscall.EPIPE }
func (c *closingConn) SendToolResults([]ToolResult) error    { return syscall.EPIPE }
func (c *closingConn) Interrupt(string, time.Duration) error { return syscall.EPIPE }
func (c *closingConn) SendFiller(string) error               { return syscall.EPIPE }
func (c *closingConn) Close() error                          { return nil }
func (c *closingConn) Recv(ctx context.Context) (Event, error) {
	select {
	case <-time.After(20 * time.Millisecond):
		return nil, &CloseError{Code: c.code, Reason: "Requested entity was not found."}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

type closingDialer struct{ dials atomic.Int32 }

func (d *closingDialer) Dial(context.Context, Config) (Conn, error) {
	d.dials.Add(1)
	return &closingConn{code: ClosePolicy}, nil
}

// TestSendErrorDefersToClose: when the server closes with 1008 while kin is
// sending, the write fails before the close frame is read; the close still
// counts as a 1008 (capped at Max1008Retries), not as a dropped connection
// reconnected silently — the cause of TestClose1008Capped's extra connection
// on a loaded machine.
func TestSendErrorDefersToClose(t *testing.T) {
	d := &closingDialer{}
	s := &Session{Dialer: d, Playback: audio.NewPlayer(audio.PlaybackRate, nil),
		Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	mic := make(chan []int16, 1)
	go func() {
		for ctx.Err() == nil {
			select {
			case mic <- make([]int16, 320):
			case <-ctx.Done():
			}
		}
	}()
	err := s.Run(ctx, mic)
	var ce *CloseError
	if !errors.As(err, &ce) || ce.Code != ClosePolicy {
		t.Fatalf("Run = %v, want the 1008 close", err)
	}
	if n := d.dials.Load(); n != Max1008Retries+1 {
		t.Errorf("%d connections, want %d", n, Max1008Retries+1)
	}
}
