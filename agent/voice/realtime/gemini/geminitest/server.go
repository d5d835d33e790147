// Package geminitest is a fake Gemini Live server (BidiGenerateContent) for tests:
// an httptest server with a real upgrader that follows protocols.md §B. The first
// frame must be setup; it answers setupComplete and every later message in BINARY
// frames, as the real server does. It runs automatic activity detection on the
// 16 kHz audio it receives, sends input transcriptions, model turns (24 kHz audio
// and output transcriptions, generationComplete, turnComplete), toolCall and waits
// for the toolResponse, interrupts a turn when the user speaks over it, issues
// session-resumption handles and resumes sessions by handle, and can send goAway,
// close with 1008 after a tool response, or drop connections.
package geminitest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/kin-companion/kin/agent/voice/realtime/gemini"
	"github.com/kin-companion/kin/agent/voice/realtime/openai/openaitest"
)

// Turn scripts the server's side of one user turn.
type Turn struct {
	Heard string // the input transcription of the user's speech
	Call  *Call  // if set, the model first calls this function
	Say   string // the reply's output transcription
	Audio []int16
}

// Call is a scripted function call.
type Call struct {
	Name string
	Args string
}

// Message is one client message as received; Kind is its top-level key.
type Message struct {
	Kind string
	Raw  json.RawMessage
}

// Log is what one connection received.
type Log struct {
	Messages []Message
	Resumed  bool // setup carried a handle this server issued
	// Activity is setup.realtimeInputConfig.automaticActivityDetection exactly
	// as received (empty when absent).
	Activity json.RawMessage
}

// Of returns the messages of kind k.
func (l Log) Of(k string) []Message {
	var out []Message
	for _, m := range l.Messages {
		if m.Kind == k {
			out = append(out, m)
		}
	}
	return out
}

// Server is the fake.
type Server struct {
	*httptest.Server
	Key   string
	Turns []Turn
	// Models, if set, are the only models setup may name; others get close 1008.
	Models []string
	// Close1008 is how many tool responses are answered with close 1008
	// ("Requested entity was not found.") before one is accepted.
	Close1008 int
	// GoAwayAfter, if ≥ 0, sends goAway after that turn completes; −1 never.
	GoAwayAfter int
	// DeltaEvery paces audio chunks (100 ms each); 0 sends them at once.
	DeltaEvery time.Duration
	// OnTurnDone, if set, runs after each scripted turn's turnComplete.
	OnTurnDone func(turn int)

	mu       sync.Mutex
	turn     int
	logs     []*Log
	conns    []*websocket.Conn
	handles  map[string]int // issued handle -> turns completed then
	nhandles int
}

// New starts a fake accepting key.
func New(key string, turns ...Turn) *Server {
	s := &Server{Key: key, Turns: turns, GoAwayAfter: -1, handles: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// BaseURL is the value for GOOGLE_GEMINI_BASE_URL.
func (s *Server) BaseURL() string { return s.URL }

// WSURL is the Live endpoint.
func (s *Server) WSURL() string { return "ws" + strings.TrimPrefix(s.URL, "http") + gemini.Path }

// Logs returns a copy of each connection's log.
func (s *Server) Logs() []Log {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Log, len(s.logs))
	for i, l := range s.logs {
		out[i] = Log{Messages: append([]Message(nil), l.Messages...), Resumed: l.Resumed,
			Activity: append(json.RawMessage(nil), l.Activity...)}
	}
	return out
}

// Drop cuts every open connection without a close frame.
func (s *Server) Drop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.conns {
		c.UnderlyingConn().Close()
	}
	s.conns = nil
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != gemini.Path {
		http.NotFound(w, r)
		return
	}
	key := r.Header.Get("x-goog-api-key")
	if key == "" {
		key = r.URL.Query().Get("key")
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer ws.Close()
	if key != s.Key { // the real server accepts the upgrade, then closes
		closeWith(ws, 1007, "API key not valid. Please pass a valid API key.")
		return
	}
	log := &Log{}
	s.mu.Lock()
	s.logs = append(s.logs, log)
	s.conns = append(s.conns, ws)
	s.mu.Unlock()
	c := &conn{s: s, ws: ws, log: log}
	c.run()
}

func closeWith(ws *websocket.Conn, code int, reason string) {
	ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
}

func (s *Server) nextTurn() (int, Turn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.turn
	s.turn++
	if n < len(s.Turns) {
		return n, s.Turns[n]
	}
	return n, Turn{Heard: "(unscripted)", Say: "Sorry?"}
}

func (s *Server) record(l *Log, m Message) {
	s.mu.Lock()
	l.Messages = append(l.Messages, m)
	s.mu.Unlock()
}

func (s *Server) issueHandle() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nhandles++
	h := fmt.Sprintf("handle-%d", s.nhandles)
	s.handles[h] = s.turn
	return h
}

func (s *Server) knownHandle(h string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.handles[h]
	return ok
}

// take1008 reports whether this tool response should be answered with close 1008.
func (s *Server) take1008() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Close1008 > 0 {
		s.Close1008--
		return true
	}
	return false
}

// ToneFor is the fake's reply audio for text (as openaitest's).
func ToneFor(text string) []int16 { return openaitest.ToneFor(text) }
