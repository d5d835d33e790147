package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"
)

// More sentinels for faults of the stream itself rather than of the API.
var (
	ErrDropped   = errors.New("connection dropped")  // the reply ended before it was complete: retry
	ErrMalformed = errors.New("unreadable reply")    // a frame that is not the protocol: retry once
	ErrConfig    = errors.New("configuration error") // refused at start, before any turn
)

// CutOffMark ends a reply whose connection dropped after text was shown.
const CutOffMark = " — the connection dropped; say 'go on' to continue"

// classify wraps a transport or decoder error in the sentinel it means,
// leaving API errors and cancellations as they are.
func classify(err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, ErrDropped) || errors.Is(err, ErrMalformed) {
		return err
	}
	var ae *APIError
	if errors.As(err, &ae) {
		return err
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se) && strings.Contains(se.Error(), "unexpected end"):
		return fmt.Errorf("%w: %w", ErrDropped, err)
	case errors.As(err, &se), errors.As(err, &te):
		return fmt.Errorf("%w: %w", ErrMalformed, err)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.EPIPE):
		return fmt.Errorf("%w: %w", ErrDropped, err)
	}
	return err
}

// Fault is the error a provider wrapped by [WithRetry] ends with when it
// gave up: Error is a plain sentence naming the provider, what happened
// and what to do; the raw cause stays reachable through Unwrap (and so
// errors.Is works on the sentinels) for the debug log.
type Fault struct {
	Provider string
	Attempts int
	Err      error
}

// Error implements error with the sentence.
func (f *Fault) Error() string { return Explain(f.Provider, f.Attempts, f.Err) }

// Unwrap returns the cause.
func (f *Fault) Unwrap() error { return f.Err }

// CutOff is the error of a streamed reply whose connection dropped after
// some of it was shown: Text is what was shown, to keep and continue.
type CutOff struct {
	Provider string
	Text     string
	Err      error
}

// Error implements error with a sentence.
func (c *CutOff) Error() string {
	return fmt.Sprintf("The connection to %s dropped in the middle of the answer; say 'go on' to continue.", c.Provider)
}

// Unwrap returns the cause.
func (c *CutOff) Unwrap() error { return c.Err }

// Explain says in one plain sentence why provider failed after attempts
// tries; the raw decoder or transport message is left out.
func Explain(provider string, attempts int, err error) string {
	tries := ""
	if attempts > 1 {
		tries = fmt.Sprintf(" (tried %d times)", attempts)
	}
	ae := &APIError{}
	hasAE := errors.As(err, &ae)
	var ne net.Error
	switch {
	case errors.Is(err, ErrRateLimited):
		return fmt.Sprintf("%s is turning requests away because there were too many (429)%s; wait a minute and try again.", provider, tries)
	case errors.Is(err, ErrAuth):
		return fmt.Sprintf("%s refused the API key (%d); check the key in your settings or environment.", provider, ae.Status)
	case hasAE && ae.Status == 404:
		return fmt.Sprintf("%s does not know what was asked for (404: %s); is the model name right, and is it loaded?", provider, ae.Message)
	case errors.Is(err, ErrBadRequest):
		return fmt.Sprintf("%s rejected the request (%d: %s); this is likely a bug in kin — please report it.", provider, ae.Status, ae.Message)
	case hasAE && ae.Status >= 500:
		return fmt.Sprintf("%s answered with a server error (%d)%s; is the server running and the model loaded? Try again in a moment.", provider, ae.Status, tries)
	case errors.Is(err, ErrUnavailable):
		return fmt.Sprintf("%s is unavailable right now%s; try again in a moment.", provider, tries)
	case errors.Is(err, ErrTimeout), errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return fmt.Sprintf("%s did not answer in time%s; is the server running and the model loaded?", provider, tries)
	case errors.Is(err, ErrMalformed):
		return fmt.Sprintf("%s sent a reply kin could not read%s; the server may not fully speak its API — check its version, or try again.", provider, tries)
	case errors.Is(err, ErrDropped):
		return fmt.Sprintf("The connection to %s dropped before the answer began%s; is the server still running? Try again.", provider, tries)
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Sprintf("Nothing answers for %s (connection refused); is the server running, at the address configured?", provider)
	}
	return fmt.Sprintf("%s failed%s: %v.", provider, tries, err)
}
