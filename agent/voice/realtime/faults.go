package realtime

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"syscall"
	"time"

	"github.com/gorilla/websocket"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/protocol"
)

// How a session meets a fault of its connection, as the text providers do
// (llm.WithRetry): a connection that drops before anything was said is
// reconnected, with backoff, up to MaxReconnects times in a row; one that drops
// while kin was answering keeps what was said and ends that answer with
// llm.CutOffMark, then reconnects so the user can say "go on"; a message that
// is not the protocol gets one more connection, then the session ends; a
// server that does not answer the setup within DialTimeout counts as a failed
// dial. When the session gives up, Run's error is an *llm.Fault: a sentence
// naming the provider, what happened and what to do. The raw transport or
// decoder message goes to the debug log only.

// healthyConn is how long a connection must have lived for its loss to count
// as progress, not as one more drop in a row: a server that closes an idle
// session now and then must not make a quiet user run out of reconnects.
const healthyConn = time.Minute

// faults counts the faults of a session since it last made progress.
type faults struct {
	dials, drops, malformed int
}

// giveUp is the session's last error: a sentence, the raw cause logged.
func (s *Session) giveUp(attempts int, err error) error {
	name := s.provider()
	slog.Debug("realtime: giving up", "provider", name, "attempts", attempts, "err", err)
	return &llm.Fault{Provider: name, Attempts: attempts, Err: classify(err)}
}

// dialFailed accounts for a failed dial; it returns the error to end Run
// with, or nil to try again.
func (s *Session) dialFailed(f *faults, err error) error {
	slog.Debug("realtime: dial failed", "provider", s.provider(), "err", err)
	if errors.Is(err, llm.ErrMalformed) {
		if f.malformed++; f.malformed > 1 {
			return s.giveUp(f.malformed, err)
		}
	}
	if f.dials++; f.dials > s.MaxReconnects {
		return s.giveUp(f.dials, err)
	}
	return nil
}

// lost accounts for a connection that ended with err (not one of the
// protocol's own reasons); it returns the error to end Run with, or nil to
// reconnect, and the backoff step to wait first.
func (s *Session) lost(f *faults, err error, progress bool) (step int, stop error) {
	slog.Debug("realtime: connection lost", "provider", s.provider(), "err", err)
	if progress {
		*f = faults{}
	}
	var cut *cutError
	switch {
	case errors.As(err, &cut):
		s.keepCut(cut)
		return 0, nil
	case errors.Is(err, llm.ErrMalformed):
		if f.malformed++; f.malformed > 1 {
			return 0, s.giveUp(f.malformed, err)
		}
		return 0, nil
	}
	if f.drops++; f.drops > s.MaxReconnects {
		return 0, s.giveUp(f.drops, err)
	}
	return f.drops - 1, nil
}

// cutError is a connection lost while kin was answering: text is what had
// been said of the answer (its transcript so far), recorded whether its final
// transcript is already in the history.
type cutError struct {
	err      error
	text     string
	recorded bool
}

func (e *cutError) Error() string { return "realtime: cut off: " + e.err.Error() }
func (e *cutError) Unwrap() error { return e.err }

// keepCut keeps what was said of an answer cut off by the connection and ends
// it with the sentence, on the transcript and the bus.
func (s *Session) keepCut(c *cutError) {
	text := strings.TrimSpace(c.text)
	if !c.recorded && text != "" {
		s.addTurn(Turn{Role: Assistant, Text: text + "…"})
	}
	if c.recorded {
		text = ""
	}
	said := strings.TrimSpace(text + llm.CutOffMark)
	if s.OnTranscript != nil {
		s.OnTranscript(Transcript{Role: Assistant, Text: said, Final: true})
	}
	if s.Bus != nil {
		s.Bus.Emit(protocol.SpeakPayload{Text: said})
	}
}

// provider names the provider in sentences: the Dialer's Name, when it has one.
func (s *Session) provider() string {
	if n, ok := s.Dialer.(interface{ Name() string }); ok {
		return n.Name()
	}
	return "the voice provider"
}

// classify wraps a transport error in the llm sentinel it means, so that
// llm.Explain can say it plainly.
func classify(err error) error {
	var ne net.Error
	var ce *websocket.CloseError
	switch {
	case errors.Is(err, llm.ErrMalformed), errors.Is(err, llm.ErrDropped), errors.Is(err, llm.ErrTimeout):
		return err
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return fmt.Errorf("%w: %w", llm.ErrTimeout, err)
	case errors.Is(err, syscall.ECONNREFUSED):
		return err
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.EPIPE), errors.As(err, &ce), errors.Is(err, net.ErrClosed):
		return fmt.Errorf("%w: %w", llm.ErrDropped, err)
	}
	var cl *CloseError
	if errors.As(err, &cl) {
		return fmt.Errorf("%w: %w", llm.ErrDropped, err)
	}
	return err
}

// answering notes the reply item being produced ("" when none is): a new one
// starts its transcript afresh.
func (c *conv) answering(item string) {
	if item != c.answer {
		c.answer = item
		c.partial.Reset()
	}
}

// cut turns the error that ended a connection into a *cutError when kin was
// in the middle of an answer that had produced audio or text.
func (c *conv) cut(err error) error {
	if c.answer == "" || c.dropped[c.answer] || c.samples[c.answer] == 0 && c.partial.Len() == 0 {
		return err
	}
	_, recorded := c.said[c.answer]
	return &cutError{err: err, text: c.partial.String(), recorded: recorded}
}

// closeReason is the error to end the connection with when sending failed:
// the server's own reason if it closed the connection just before (a close
// frame the receiving side is about to read — a 1008 must count as one, not
// as a drop), else err.
func (c *conv) closeReason(err error, events <-chan recvResult) error {
	t := time.NewTimer(200 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case r := <-events:
			if r.err != nil {
				var ce *CloseError
				if errors.As(r.err, &ce) {
					return r.err
				}
				return err
			}
		case <-t.C:
			return err
		}
	}
}
