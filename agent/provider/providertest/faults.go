package providertest

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// FaultKind names a misbehaviour the [FaultProxy] injects.
type FaultKind int

// Faults: each imitates a server or network that fails in one way.
const (
	// DropAfter passes Fault.N bytes of the response body, then cuts the
	// connection without ending the response.
	DropAfter FaultKind = iota
	// Garbage answers with a line that is not valid JSON where the first
	// frame of the reply should be (an SSE "data:" line for a stream).
	Garbage
	// Stall accepts the request and never answers until the client gives up.
	Stall
	// Storm429 answers 429 Too Many Requests with Retry-After: 0.
	Storm429
	// Storm500 answers 500 Internal Server Error.
	Storm500
	// SlowDrip passes the response one byte at a time, Fault.Delay apart.
	SlowDrip
	// CloseAfter passes Fault.N bytes of the response body (or as many as
	// Fault.Cut picks), then closes the connection cleanly, as a server or
	// proxy that gives up mid-answer: the response has neither a length nor
	// chunked framing, so the client reads a clean EOF and no error.
	CloseAfter
)

// String names the fault for test names.
func (k FaultKind) String() string {
	return [...]string{"drop", "garbage", "stall", "429-storm", "500-storm", "slow-drip", "close"}[k]
}

// Fault configures a [FaultProxy].
type Fault struct {
	Kind FaultKind
	// N is the number of body bytes DropAfter lets through.
	N int
	// Times is how many requests get the fault; later ones pass untouched.
	// Zero faults every request.
	Times int
	// Delay is SlowDrip's pause between bytes; default 100 µs.
	Delay time.Duration
	// Cut, when set, picks where CloseAfter cuts the whole body, in place of N.
	Cut func(body []byte) int
}

// FaultProxy is a loopback reverse proxy in front of a fake server that
// injects one [Fault] into the requests it forwards.
type FaultProxy struct {
	*httptest.Server
	// BaseURL is the target's BaseURL pointed at the proxy.
	BaseURL string
	fault   Fault
	target  *url.URL
	n       atomic.Int64
}

// Requests returns how many requests reached the proxy.
func (p *FaultProxy) Requests() int { return int(p.n.Load()) }

// NewFaultProxy starts a proxy in front of target that injects f.
func NewFaultProxy(t testing.TB, target *Server, f Fault) *FaultProxy {
	u, err := url.Parse(target.URL)
	if err != nil {
		t.Fatalf("fault proxy: target URL %q: %v", target.URL, err)
	}
	if f.Delay <= 0 {
		f.Delay = 100 * time.Microsecond
	}
	p := &FaultProxy{fault: f, target: u}
	p.Server = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.Close)
	p.BaseURL = strings.Replace(target.BaseURL, target.URL, p.URL, 1)
	return p
}

func (p *FaultProxy) serve(w http.ResponseWriter, r *http.Request) {
	n := p.n.Add(1)
	if p.fault.Times > 0 && int(n) > p.fault.Times {
		p.forward(w, r, func(dst io.Writer, src io.Reader) { copyFlush(w, dst, src) })
		return
	}
	switch p.fault.Kind {
	case Stall:
		io.Copy(io.Discard, r.Body) // until the body is read, a gone client goes unnoticed
		<-r.Context().Done()
	case Storm429:
		w.Header().Set("Retry-After", "0")
		faultError(w, http.StatusTooManyRequests, "rate_limit_error", "too many requests (injected)")
	case Storm500:
		faultError(w, http.StatusInternalServerError, "server_error", "internal error (injected)")
	case Garbage:
		p.forward(w, r, func(dst io.Writer, src io.Reader) { garble(w, dst, src) })
	case DropAfter:
		p.forward(w, r, func(dst io.Writer, src io.Reader) {
			copyFlush(w, dst, io.LimitReader(src, int64(p.fault.N)))
			panic(http.ErrAbortHandler) // the connection closes mid-response
		})
	case SlowDrip:
		p.forward(w, r, func(dst io.Writer, src io.Reader) { drip(r, w, dst, src, p.fault.Delay) })
	case CloseAfter:
		p.closeAfter(w, r)
	}
}

// roundTrip sends r to the target.
func (p *FaultProxy) roundTrip(r *http.Request) (*http.Response, error) {
	out := r.Clone(r.Context())
	out.RequestURI = ""
	out.URL.Scheme, out.URL.Host, out.Host = p.target.Scheme, p.target.Host, p.target.Host
	return http.DefaultTransport.RoundTrip(out)
}

// forward sends r to the target and lets body write the response body.
func (p *FaultProxy) forward(w http.ResponseWriter, r *http.Request, body func(io.Writer, io.Reader)) {
	resp, err := p.roundTrip(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	for k, v := range resp.Header {
		if k != "Content-Length" {
			w.Header()[k] = v
		}
	}
	w.WriteHeader(resp.StatusCode)
	body(w, resp.Body)
}

// closeAfter writes the target's status, headers and the start of its
// body straight to the connection, then closes it.
func (p *FaultProxy) closeAfter(w http.ResponseWriter, r *http.Request) {
	resp, err := p.roundTrip(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	n := p.fault.N
	if p.fault.Cut != nil {
		n = p.fault.Cut(body)
	}
	n = max(0, min(n, len(body)))
	conn, buf, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	defer conn.Close()
	resp.Header.Del("Content-Length")
	resp.Header.Set("Connection", "close")
	fmt.Fprintf(buf, "HTTP/1.1 %s\r\n", resp.Status)
	_ = resp.Header.Write(buf)
	buf.WriteString("\r\n")
	buf.Write(body[:n])
	_ = buf.Flush()
}

// faultError answers status with a body every SDK reads as an API error.
func faultError(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"type":"error","error":{"code":%d,"type":%q,"status":%q,"message":%q}}`,
		status, typ, strings.ToUpper(strings.ReplaceAll(http.StatusText(status), " ", "_")), msg)
}

func copyFlush(w http.ResponseWriter, dst io.Writer, src io.Reader) {
	buf := make([]byte, 4096)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			dst.Write(buf[:n])
			flush(w)
		}
		if err != nil {
			return
		}
	}
}

// garble writes a broken frame first: for SSE a data line that is not
// JSON, otherwise a body cut into invalid JSON.
func garble(w http.ResponseWriter, dst io.Writer, src io.Reader) {
	if strings.HasPrefix(w.Header().Get("Content-Type"), "text/event-stream") {
		io.WriteString(dst, "data: {not json, \"n\n\n")
		flush(w)
		copyFlush(w, dst, src)
		return
	}
	io.WriteString(dst, "{\"n\x17")
}

func drip(r *http.Request, w http.ResponseWriter, dst io.Writer, src io.Reader, d time.Duration) {
	br := bufio.NewReader(src)
	for {
		b, err := br.ReadByte()
		if err != nil {
			return
		}
		dst.Write([]byte{b})
		flush(w)
		select {
		case <-time.After(d):
		case <-r.Context().Done():
			return
		}
	}
}

func flush(w http.ResponseWriter) {
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
