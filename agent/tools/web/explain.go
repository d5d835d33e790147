package web

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"syscall"
)

// explain turns a failed request into a sentence a person understands,
// keeping ErrLocalAddress and ErrRedirect matchable.
func explain(ctx context.Context, u *url.URL, err error) error {
	addr := u.Redacted()
	var local *localAddrError
	var redirect *redirectError
	var dns *net.DNSError
	var unknownCA x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var invalid x509.CertificateInvalidError
	var record tls.RecordHeaderError
	switch {
	case errors.As(err, &local):
		return fmt.Errorf("%s: %w", addr, local)
	case errors.As(err, &redirect):
		return fmt.Errorf("%s: %w", addr, redirect)
	case errors.Is(ctx.Err(), context.Canceled):
		return fmt.Errorf("fetching %s was cancelled", addr)
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		return fmt.Errorf("%s took too long to answer; the site may be slow or down, try again later", addr)
	case errors.As(err, &dns):
		return fmt.Errorf("the site %s could not be found (no such host); check the address", u.Hostname())
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Errorf("nothing is answering at %s (connection refused); the site may be down or the address wrong", addr)
	case errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.EHOSTUNREACH):
		return fmt.Errorf("%s cannot be reached from this computer (network unreachable); check the internet connection", addr)
	case errors.As(err, &unknownCA), errors.As(err, &hostname), errors.As(err, &invalid):
		return fmt.Errorf("%s has an invalid security certificate, so kin did not trust it", addr)
	case errors.As(err, &record):
		return fmt.Errorf("%s does not speak https; try the address with http:// instead", addr)
	}
	return fmt.Errorf("kin could not fetch %s: %v", addr, unwrapURLError(err))
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

// unwrapURLError drops net/http's `Get "URL":` prefix, which the caller
// already says in its own words.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}
