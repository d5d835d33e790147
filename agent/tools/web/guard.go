package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// ErrLocalAddress is the error (matched with errors.Is) of a fetch refused
// because it would reach the user's own machine, local network or another
// address that is not on the public internet.
var ErrLocalAddress = errors.New("kin does not fetch addresses on your own machine or local network")

// ErrRedirect is the error (matched with errors.Is) of a fetch stopped at a
// redirect kin does not follow: too many, or to a scheme other than http(s).
var ErrRedirect = errors.New("kin stopped following the page's redirects")

const (
	maxRedirects   = 5
	connectTimeout = 10 * time.Second
	overallTimeout = 30 * time.Second
	userAgent      = "kin/1.0 (desktop companion; +https://github.com/kin-companion/kin)"
)

// localAddrError names the refused address; it matches ErrLocalAddress.
type localAddrError struct{ addr netip.Addr }

func (e *localAddrError) Error() string {
	return fmt.Sprintf("%v (%s)", ErrLocalAddress, e.addr)
}

func (e *localAddrError) Is(target error) bool { return target == ErrLocalAddress }

// redirectError says why a redirect was not followed; it matches ErrRedirect.
type redirectError struct{ why string }

func (e *redirectError) Error() string        { return e.why }
func (e *redirectError) Is(target error) bool { return target == ErrRedirect }

// blocked lists ranges that are not the public internet beyond what
// netip.Addr's own predicates (loopback, private, link-local, multicast,
// unspecified) cover.
var blocked = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, broadcast
	netip.MustParsePrefix("::/96"),           // IPv4-compatible (deprecated)
	netip.MustParsePrefix("100::/64"),        // discard
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("fec0::/10"),       // site-local (deprecated)
}

// Prefixes whose addresses carry an IPv4 address that is checked too.
var (
	nat64  = netip.MustParsePrefix("64:ff9b::/96")
	sixTo4 = netip.MustParsePrefix("2002::/16")
)

// guard decides which addresses kin may connect to.
type guard struct {
	allowLoopback bool            // tests only: reach httptest servers on 127.0.0.1
	allow         map[string]bool // host:port reachable whatever its address
}

// checkAddr refuses an address that is not on the public internet.
func (g *guard) checkAddr(a netip.Addr) error {
	a = a.Unmap().WithZone("")
	if g.allowLoopback && a.IsLoopback() {
		return nil
	}
	if !a.IsGlobalUnicast() || a.IsPrivate() || a.IsLoopback() {
		return &localAddrError{a}
	}
	for _, p := range blocked {
		if p.Contains(a) {
			return &localAddrError{a}
		}
	}
	if inner, ok := embeddedIPv4(a); ok {
		if err := g.checkAddr(inner); err != nil {
			return &localAddrError{a}
		}
	}
	return nil
}

// embeddedIPv4 returns the IPv4 address inside a NAT64 or 6to4 address.
func embeddedIPv4(a netip.Addr) (netip.Addr, bool) {
	b := a.As16()
	switch {
	case nat64.Contains(a):
		return netip.AddrFrom4([4]byte(b[12:16])), true
	case sixTo4.Contains(a):
		return netip.AddrFrom4([4]byte(b[2:6])), true
	}
	return netip.Addr{}, false
}

// control runs after DNS resolution and before connect(2): the address in
// hand is the one the socket will reach, so rebinding cannot slip past it.
func (g *guard) control(network, address string, _ syscall.RawConn) error {
	if !strings.HasPrefix(network, "tcp") {
		return fmt.Errorf("kin only makes TCP connections, not %s", network)
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("kin could not check the address %q: %w", address, err)
	}
	return g.checkAddr(ap.Addr())
}

// dialContext dials allowed host:ports directly and checks every other
// connection in the dialer's Control hook.
func (g *guard) dialContext() func(ctx context.Context, network, addr string) (net.Conn, error) {
	checked := &net.Dialer{Timeout: connectTimeout, KeepAlive: 30 * time.Second, Control: g.control}
	plain := &net.Dialer{Timeout: connectTimeout, KeepAlive: 30 * time.Second}
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		if g.allow[strings.ToLower(addr)] {
			return plain.DialContext(ctx, network, addr)
		}
		return checked.DialContext(ctx, network, addr)
	}
}

// checkURL refuses a URL kin does not fetch, before any connection: a
// scheme other than http(s), no host, or a literal address that is not
// public. Host names are checked when dialled.
func (g *guard) checkURL(u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("kin only fetches http and https addresses, not %s ones", u.Scheme)
	}
	if u.Hostname() == "" {
		return fmt.Errorf("the address %q has no host name", u.Redacted())
	}
	if g.allow[strings.ToLower(hostPort(u))] {
		return nil
	}
	if a, err := netip.ParseAddr(u.Hostname()); err == nil {
		return g.checkAddr(a)
	}
	return nil
}

// checkRedirect stops after maxRedirects and refuses a redirect kin would
// not fetch directly.
func (g *guard) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= maxRedirects {
		return &redirectError{fmt.Sprintf("the page redirected more than %d times, so kin stopped following it", maxRedirects)}
	}
	if s := req.URL.Scheme; s != "http" && s != "https" {
		return &redirectError{fmt.Sprintf("the page redirected to %s, which kin does not follow: only http and https addresses are fetched", req.URL.Redacted())}
	}
	return g.checkURL(req.URL)
}

// client builds the guarded HTTP client on base (nil: a new one). An
// *http.Transport in base is cloned and given the guarded dialer; its
// proxy setting is dropped, since a proxy would hide the real address.
func (g *guard) client(base *http.Client) *http.Client {
	c := &http.Client{Timeout: overallTimeout}
	if base != nil {
		*c = *base
	}
	switch tr := c.Transport.(type) {
	case nil:
		c.Transport = g.transport(http.DefaultTransport.(*http.Transport).Clone())
	case *http.Transport:
		c.Transport = g.transport(tr.Clone())
	}
	c.CheckRedirect = g.checkRedirect
	return c
}

func (g *guard) transport(tr *http.Transport) *http.Transport {
	tr.Proxy = nil
	tr.DialContext = g.dialContext()
	tr.DialTLSContext = nil
	tr.TLSHandshakeTimeout = connectTimeout
	tr.ResponseHeaderTimeout = overallTimeout
	return tr
}

// hostPort returns u's host:port with the scheme's default port filled in.
func hostPort(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return net.JoinHostPort(u.Hostname(), port)
}
