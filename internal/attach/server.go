package attach

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// ErrRunning is returned by [Serve] when another process already serves
// the socket: a kin for this agent is running.
var ErrRunning = errors.New("attach: another kin is already running for this agent")

// maxRequest caps one request line, in bytes.
const maxRequest = 4 << 20

// Server serves a [Handler] on a Unix socket until closed.
type Server struct {
	ln   net.Listener
	h    Handler
	path string

	chat   sync.Mutex // one chat turn at a time
	wg     sync.WaitGroup
	cancel context.CancelFunc
	once   sync.Once
}

// Serve listens on the socket at path (see [Path]) and serves h until ctx
// ends or [Server.Close] is called. A socket file left by a kin that died
// is replaced; one that answers means a kin is running, and Serve fails
// with ErrRunning.
func Serve(ctx context.Context, path string, h Handler) (*Server, error) {
	if err := prepareDir(filepath.Dir(path)); err != nil {
		return nil, err
	}
	if err := clearStale(path); err != nil {
		return nil, err
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("attach: cannot listen on %s: %w", path, err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("attach: cannot make %s private: %w", path, err)
	}
	ctx, cancel := context.WithCancel(ctx)
	s := &Server{ln: ln, h: h, path: path, cancel: cancel}
	s.wg.Add(2)
	go func() { defer s.wg.Done(); <-ctx.Done(); s.ln.Close() }()
	go func() { defer s.wg.Done(); s.accept(ctx) }()
	return s, nil
}

// clearStale removes a socket file no one answers on.
func clearStale(path string) error {
	if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	c, err := net.DialTimeout("unix", path, time.Second)
	if err == nil {
		c.Close()
		return ErrRunning
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("attach: cannot remove the old socket %s: %w", path, err)
	}
	return nil
}

// Path returns the socket the server listens on.
func (s *Server) Path() string { return s.path }

// Close stops listening, cancels the requests being served, waits for
// them and removes the socket.
func (s *Server) Close() error {
	s.once.Do(func() {
		s.cancel()
		s.wg.Wait()
		os.Remove(s.path)
	})
	return nil
}

func (s *Server) accept(ctx context.Context) {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.serve(ctx, c)
		}()
	}
}

// serve answers one connection's request; the request's context ends
// when the client hangs up.
func (s *Server) serve(ctx context.Context, c net.Conn) {
	defer c.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() { <-ctx.Done(); c.SetReadDeadline(time.Now()) }()
	r := bufio.NewReader(c)
	line, err := readRequest(r)
	var req request
	if err == nil {
		err = json.Unmarshal(line, &req)
	}
	w := &eventWriter{enc: json.NewEncoder(c)}
	if err != nil {
		w.emit(Event{Kind: KindFailed, Error: "kin could not read the request: " + err.Error()})
		return
	}
	if req.Op == "mcp" { // the connection now carries MCP both ways
		serveMCP(ctx, s.h, c, r)
		return
	}
	go func() { // a hang-up (or Close) cancels the request
		io.Copy(io.Discard, r)
		cancel()
	}()
	w.emit(s.answer(ctx, req, w.emit))
}

// readRequest reads the request line, at most maxRequest bytes.
func readRequest(r *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		frag, err := r.ReadSlice('\n')
		line = append(line, frag...)
		if len(line) > maxRequest {
			return nil, fmt.Errorf("the request is longer than %d bytes", maxRequest)
		}
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// answer runs req and returns its last event.
func (s *Server) answer(ctx context.Context, req request, emit func(Event)) Event {
	switch req.Op {
	case "chat":
		s.chat.Lock()
		defer s.chat.Unlock()
		final, err := s.h.Chat(ctx, req.Text, emit)
		if err != nil {
			return failed(err)
		}
		return Event{Kind: KindFinal, Text: final}
	case "tools":
		ts, err := s.h.Tools(ctx)
		if err != nil {
			return failed(err)
		}
		return Event{Kind: KindTools, Tools: ts}
	case "call":
		res, err := s.h.Call(ctx, req.Caller, req.Tool, req.Args)
		if err != nil {
			return failed(err)
		}
		return Event{Kind: KindResult, Text: res.Text, Image: res.Images}
	case "schedule":
		return answerSchedule(s.h, req.Sched)
	}
	return Event{Kind: KindFailed, Error: fmt.Sprintf("kin does not know the request %q; update the kin command", req.Op)}
}

func failed(err error) Event { return Event{Kind: KindFailed, Error: err.Error()} }

// eventWriter sends events one at a time (a handler may emit from any
// goroutine); writes after a failed write are dropped.
type eventWriter struct {
	mu  sync.Mutex
	enc *json.Encoder
	err error
}

func (w *eventWriter) emit(e Event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		w.err = w.enc.Encode(e)
	}
}
