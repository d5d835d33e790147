// Package cascadetest is a fake speech server for tests: OpenAI-compatible
// /v1/audio/transcriptions (answers scripted texts in order and checks that the
// upload is a real WAV file) and /v1/audio/speech (streams a tone as raw 24 kHz
// PCM), and ElevenLabs' /v1/text-to-speech/{voice}/stream.
package cascadetest

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// Server is the fake.
type Server struct {
	*httptest.Server
	Key   string
	Heard []string // transcripts returned in order; then "" (nothing heard)

	mu       sync.Mutex
	n        int
	Uploads  []audio.Clip // the utterances received
	Spoken   []string     // texts synthesised, in order
	Requests []map[string]any
}

// New starts a fake.
func New(key string, heard ...string) *Server {
	s := &Server{Key: key, Heard: heard}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/audio/transcriptions", s.transcribe)
	mux.HandleFunc("POST /v1/audio/speech", s.speech)
	mux.HandleFunc("POST /v1/text-to-speech/{voice}/stream", s.eleven)
	s.Server = httptest.NewServer(mux)
	return s
}

// BaseURL is the OpenAI-style base (…/v1).
func (s *Server) BaseURL() string { return s.URL + "/v1" }

func (s *Server) transcribe(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Authorization") != "Bearer "+s.Key {
		http.Error(w, `{"error":{"message":"bad key"}}`, http.StatusUnauthorized)
		return
	}
	f, _, err := r.FormFile("file")
	if err != nil || r.FormValue("model") == "" {
		http.Error(w, `{"error":{"message":"file and model are required"}}`, http.StatusBadRequest)
		return
	}
	clip, err := audio.ReadWAV(f)
	if err != nil {
		http.Error(w, fmt.Sprintf(`{"error":{"message":%q}}`, err.Error()), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.Uploads = append(s.Uploads, clip)
	text := ""
	if s.n < len(s.Heard) {
		text = s.Heard[s.n]
	}
	s.n++
	s.mu.Unlock()
	json.NewEncoder(w).Encode(map[string]any{"text": text})
}

func (s *Server) speech(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Authorization") != "Bearer "+s.Key {
		http.Error(w, `{"error":{"message":"bad key"}}`, http.StatusUnauthorized)
		return
	}
	var req map[string]any
	json.NewDecoder(r.Body).Decode(&req)
	if req["response_format"] != "pcm" || req["input"] == nil {
		http.Error(w, `{"error":{"message":"want response_format pcm and input"}}`, http.StatusBadRequest)
		return
	}
	s.stream(w, req, req["input"].(string))
}

func (s *Server) eleven(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("xi-api-key") != s.Key || r.URL.Query().Get("output_format") != "pcm_24000" {
		http.Error(w, `{"detail":{"status":"invalid_api_key"}}`, http.StatusUnauthorized)
		return
	}
	var req map[string]any
	json.NewDecoder(r.Body).Decode(&req)
	req["voice"] = r.PathValue("voice")
	text, _ := req["text"].(string)
	s.stream(w, req, text)
}

// stream sends Tone(text) in 50 ms chunks, flushing each (a streaming body).
func (s *Server) stream(w http.ResponseWriter, req map[string]any, text string) {
	s.mu.Lock()
	s.Spoken = append(s.Spoken, text)
	s.Requests = append(s.Requests, req)
	s.mu.Unlock()
	pcm := audio.Bytes(Tone(text))
	w.Header().Set("Content-Type", "application/octet-stream")
	const chunk = 2400 // 50 ms
	for i := 0; i < len(pcm); i += chunk {
		w.Write(pcm[i:min(i+chunk, len(pcm))])
		w.(http.Flusher).Flush()
	}
}

// Tone is the fake's speech for text: 60 ms of 330 Hz per character.
func Tone(text string) []int16 {
	n := audio.Samples(time.Duration(len(strings.TrimSpace(text)))*60*time.Millisecond, audio.PlaybackRate)
	out := make([]int16, n)
	for i := range out {
		out[i] = int16(9000 * math.Sin(2*math.Pi*330*float64(i)/audio.PlaybackRate))
	}
	return out
}

// Snapshot returns copies of what was received.
func (s *Server) Snapshot() (uploads []audio.Clip, spoken []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]audio.Clip(nil), s.Uploads...), append([]string(nil), s.Spoken...)
}
