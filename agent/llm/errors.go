package llm

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"
)

// Sentinel errors: every provider error wraps one of these when the cause is
// known, so callers branch with errors.Is.
var (
	ErrRateLimited = errors.New("rate limited")          // 429: retry later
	ErrUnavailable = errors.New("provider unavailable")  // 5xx, overloaded, timeouts: retry
	ErrBadRequest  = errors.New("request rejected")      // 400/404/422: fix the request, do not retry
	ErrAuth        = errors.New("authentication failed") // 401/403: check the API key
	ErrNoProvider  = errors.New("no model connected")    // the NullProvider
	ErrTimeout     = errors.New("no reply in time")      // an attempt went quiet for RetryPolicy.Timeout: retry
)

// APIError is an error reported by a provider's API.
type APIError struct {
	Provider   string
	Status     int           // HTTP status; 0 for an error event inside a stream
	Type       string        // the API's error type or status, e.g. "rate_limit_error"
	Message    string        // the API's own message
	RetryAfter time.Duration // from a Retry-After header, when sent
	Kind       error         // one of the sentinels, or nil
}

// Error implements error: "anthropic: 400 invalid_request_error: messages: …".
func (e *APIError) Error() string {
	s := e.Provider + ":"
	if e.Status != 0 {
		s += fmt.Sprintf(" %d", e.Status)
	}
	if e.Type != "" {
		s += " " + e.Type
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// Unwrap returns the sentinel kind.
func (e *APIError) Unwrap() error { return e.Kind }

// KindOf maps an HTTP status to a sentinel error (nil when unknown).
func KindOf(status int) error {
	switch {
	case status == 429:
		return ErrRateLimited
	case status == 401 || status == 403:
		return ErrAuth
	case status == 408 || status == 409 || status >= 500:
		return ErrUnavailable
	case status >= 400:
		return ErrBadRequest
	}
	return nil
}

// Retryable reports whether err is worth retrying: rate limits, server
// errors, [ErrTimeout], [ErrDropped], [ErrMalformed] and network timeouts, but never a cancelled context.
func Retryable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) {
		return false
	}
	if errors.Is(err, ErrRateLimited) || errors.Is(err, ErrUnavailable) || errors.Is(err, ErrTimeout) ||
		errors.Is(err, ErrDropped) || errors.Is(err, ErrMalformed) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
