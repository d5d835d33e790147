package realtimetest

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// FaultKind is what a [FaultProxy] does to a connection.
type FaultKind int

// The faults, as the text providers' fault proxy (providertest.FaultProxy)
// has them, for WebSocket sessions.
const (
	// Drop cuts the client's connection without a close frame (a network
	// failure) right after passing on the server message that matches At.
	Drop FaultKind = iota
	// Garbage replaces the server message that matches At with bytes that are
	// not the protocol.
	Garbage
	// Stall accepts the client's WebSocket and never sends anything: a server
	// that is up but does not answer.
	Stall
)

func (k FaultKind) String() string { return [...]string{"drop", "garbage", "stall"}[k] }

// Fault is one fault and where it strikes.
type Fault struct {
	Kind FaultKind
	// At is a substring of the server message the fault strikes at (the first
	// one that has it, on each faulty connection); "" is the first message.
	At string
	// Times is how many connections, from the first, get the fault; 0 is all.
	Times int
}

// FaultProxy sits between a realtime client and a faithful fake, passing
// WebSocket messages both ways (and the server's close frames) and injecting
// its [Fault]. The headers of the upgrade request (the API key) go through.
type FaultProxy struct {
	*httptest.Server
	upstream string // the fake's ws:// URL, whose path the client asks for
	fault    Fault

	mu    sync.Mutex
	conns int
	open  []*websocket.Conn
}

// NewFaultProxy starts a proxy in front of the fake at upstream (its ws:// or
// wss:// URL, path included); it closes with the test.
func NewFaultProxy(t testing.TB, upstream string, f Fault) *FaultProxy {
	p := &FaultProxy{upstream: upstream, fault: f}
	p.Server = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.Close)
	return p
}

// WSURL is the proxy's URL for the upstream's path: give it to the client.
func (p *FaultProxy) WSURL() string {
	path := p.upstream
	if i := strings.Index(path, "://"); i >= 0 {
		path = path[i+3:]
	}
	if i := strings.Index(path, "/"); i >= 0 {
		path = path[i:]
	} else {
		path = ""
	}
	return "ws" + strings.TrimPrefix(p.URL, "http") + path
}

// Connections is how many WebSocket connections clients asked the proxy for.
func (p *FaultProxy) Connections() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.conns
}

// Close cuts every connection and stops the proxy.
func (p *FaultProxy) Close() {
	p.mu.Lock()
	for _, c := range p.open {
		c.UnderlyingConn().Close()
	}
	p.open = nil
	p.mu.Unlock()
	p.Server.Close()
}

func (p *FaultProxy) track(c *websocket.Conn) {
	p.mu.Lock()
	p.open = append(p.open, c)
	p.mu.Unlock()
}

func (p *FaultProxy) serve(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock() // counted on arrival: a client that gives up during the upgrade still tried
	n := p.conns
	p.conns++
	p.mu.Unlock()
	up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	client, err := up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	p.track(client)
	defer client.Close()
	faulty := p.fault.Times == 0 || n < p.fault.Times
	if faulty && p.fault.Kind == Stall {
		for { // read until the client gives up
			if _, _, err := client.ReadMessage(); err != nil {
				return
			}
		}
	}
	h := http.Header{}
	for k, v := range r.Header {
		switch http.CanonicalHeaderKey(k) {
		case "Upgrade", "Connection", "Sec-Websocket-Key", "Sec-Websocket-Version", "Sec-Websocket-Extensions":
		default:
			h[k] = v
		}
	}
	u := p.upstream
	if r.URL.RawQuery != "" {
		u += "?" + r.URL.RawQuery
	}
	server, resp, err := websocket.DefaultDialer.Dial(u, h)
	if err != nil {
		code := http.StatusBadGateway
		if resp != nil {
			code = resp.StatusCode
		}
		client.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseInternalServerErr, http.StatusText(code)), time.Now().Add(time.Second))
		return
	}
	p.track(server)
	defer server.Close()
	upDone := make(chan struct{})                       // closed when the client stops sending
	go func() { pipe(server, client); close(upDone) }() // client → server, untouched
	p.down(client, server, faulty, upDone)
}

// down passes the server's messages to the client, injecting the fault once.
func (p *FaultProxy) down(client, server *websocket.Conn, faulty bool, upDone <-chan struct{}) {
	for {
		typ, data, err := server.ReadMessage()
		if err != nil {
			forwardClose(client, err)
			return
		}
		if faulty && strings.Contains(string(data), p.fault.At) {
			faulty = false
			switch p.fault.Kind {
			case Garbage:
				data = []byte("{\"type\": \x17 not json")
			case Drop:
				client.WriteMessage(typ, data)
				cut(client, upDone)
				return
			}
		}
		if client.WriteMessage(typ, data) != nil {
			return
		}
	}
}

// cut ends the connection without a close frame. It half-closes first and
// waits for the client to hang up (a plain close with the client's audio
// unread would reset the connection, and the client could lose the messages
// passed on just before — what was said before the drop is the point).
func cut(c *websocket.Conn, upDone <-chan struct{}) {
	if tc, ok := c.UnderlyingConn().(*net.TCPConn); ok {
		tc.CloseWrite()
		select {
		case <-upDone:
		case <-time.After(5 * time.Second):
		}
	}
	c.UnderlyingConn().Close()
}

// pipe copies messages from src to dst until either fails, passing on a close.
func pipe(dst, src *websocket.Conn) {
	for {
		typ, data, err := src.ReadMessage()
		if err != nil {
			forwardClose(dst, err)
			return
		}
		if dst.WriteMessage(typ, data) != nil {
			return
		}
	}
}

// forwardClose passes a close frame on, or cuts dst when src just went away.
func forwardClose(dst *websocket.Conn, err error) {
	if ce, ok := err.(*websocket.CloseError); ok && ce.Code != websocket.CloseAbnormalClosure {
		dst.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(ce.Code, ce.Text), time.Now().Add(time.Second))
		return
	}
	dst.UnderlyingConn().Close()
}
