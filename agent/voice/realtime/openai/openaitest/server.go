// Package openaitest is a fake OpenAI Realtime server (GA protocol over WebSocket)
// for tests: an httptest server with a real upgrader that answers with the event
// sequences of protocols.md §A — session.created/updated, server VAD on the audio it
// receives (speech_started, speech_stopped, committed, item added/done, input
// transcription), replies (response.created … response.done) with audio and
// transcript deltas, function calls, cancellation on barge-in, truncation checked
// against the audio sent, and errors where the real server sends them. It records
// every client event per connection and can drop connections on demand.
package openaitest

import (
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// Turn scripts the server's side of one user turn.
type Turn struct {
	Heard string // what the fake "transcribes" the user's speech as
	Call  *Call  // if set, the model first calls this function
	// Rounds is how many times in a row it calls it (each after the previous
	// output) before speaking; default 1.
	Rounds int
	Say    string // the spoken reply's transcript
	// Audio is the reply at 24 kHz; nil makes a tone of 70 ms per character of Say.
	Audio []int16
}

// Call is a scripted function call.
type Call struct {
	Name string
	Args string // JSON object
}

// Event is one client event as received.
type Event struct {
	Type string
	Raw  json.RawMessage
}

// Log is what one connection received.
type Log struct {
	Model  string
	Events []Event
	// TurnDetection is session.audio.input.turn_detection of the last accepted
	// session.update, exactly as received ("null": turned off).
	TurnDetection json.RawMessage
}

// Of returns the events of type typ.
func (l Log) Of(typ string) []Event {
	var out []Event
	for _, e := range l.Events {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// Server is the fake. Set Turns before the client connects.
type Server struct {
	*httptest.Server
	Key   string
	Turns []Turn
	// DeltaEvery paces audio deltas (100 ms of audio each); 0 sends them at once.
	DeltaEvery time.Duration
	// OnReplyDone, if set, runs after each response.done of a scripted reply.
	OnReplyDone func(turn int)

	mu    sync.Mutex
	turn  int
	logs  []*Log
	conns []*websocket.Conn
}

// New starts a fake accepting key.
func New(key string, turns ...Turn) *Server {
	s := &Server{Key: key, Turns: turns}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// BaseURL is the value for OPENAI_BASE_URL (http://host/v1).
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// WSURL is the realtime endpoint.
func (s *Server) WSURL() string { return "ws" + strings.TrimPrefix(s.URL, "http") + "/v1/realtime" }

// Logs returns a copy of every connection's log, oldest connection first.
func (s *Server) Logs() []Log {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Log, len(s.logs))
	for i, l := range s.logs {
		out[i] = Log{Model: l.Model, Events: append([]Event(nil), l.Events...),
			TurnDetection: append(json.RawMessage(nil), l.TurnDetection...)}
	}
	return out
}

// Drop cuts every open connection without a close frame (a network failure).
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
	if r.URL.Path != "/v1/realtime" {
		http.NotFound(w, r)
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+s.Key {
		http.Error(w, `{"error":{"type":"invalid_request_error","code":"invalid_api_key","message":"Incorrect API key provided."}}`, http.StatusUnauthorized)
		return
	}
	if r.Header.Get("OpenAI-Beta") != "" {
		http.Error(w, `{"error":{"message":"this fake speaks the GA protocol only"}}`, http.StatusBadRequest)
		return
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	log := &Log{Model: r.URL.Query().Get("model")}
	s.mu.Lock()
	s.logs = append(s.logs, log)
	s.conns = append(s.conns, ws)
	s.mu.Unlock()
	c := newConn(s, ws, log)
	c.run()
}

// nextTurn hands out the script's turns in order, across connections.
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

func (s *Server) record(l *Log, e Event) {
	s.mu.Lock()
	l.Events = append(l.Events, e)
	s.mu.Unlock()
}

// ToneFor is the fake's reply audio for text: 70 ms per character of a 220 Hz tone
// at 0.3 of full scale.
func ToneFor(text string) []int16 {
	n := audio.Samples(time.Duration(len(text))*70*time.Millisecond, audio.PlaybackRate)
	pcm := make([]int16, n)
	for i := range pcm {
		pcm[i] = int16(0.3 * 32767 * math.Sin(2*math.Pi*220*float64(i)/audio.PlaybackRate))
	}
	return pcm
}
