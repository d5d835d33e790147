// Package providertest holds fake LLM servers for tests: httptest servers
// that speak the exact wire protocols of the Anthropic Messages API, OpenAI
// Chat Completions (and Ollama's flavour of it) and Gemini generateContent,
// streaming and not, as ../shared/notes/protocols.md records them. Each
// validates requests the way the real server does (headers, tool-call /
// tool-result pairing, echoed signatures) and answers a 400 in the
// provider's own error shape when a request is wrong.
//
// A test scripts the replies with [Script] or a [Respond] function and
// inspects what the server saw, decoded into provider-neutral [Seen] values.
package providertest

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/kin-companion/kin/agent/llm"
)

// Call is a tool call a scripted reply makes. Args is sent as written, so a
// test can send malformed JSON where the protocol carries arguments as a
// string (OpenAI, Anthropic streaming).
type Call struct {
	ID, Name, Args string
}

// Reply is one scripted answer.
type Reply struct {
	Text  string
	Calls []Call
	// Status, when non-zero, answers with this HTTP error status and
	// Error as the message, in the provider's error shape.
	Status int
	Error  string
	// Hang sends the first text fragment of a streamed reply (nothing for
	// a non-streamed one, or when Text is empty: the server accepts the
	// request and never answers) and then waits until the client goes away.
	Hang bool
}

// Seen is a request as the server decoded it.
type Seen struct {
	Path       string
	System     string
	Messages   []llm.Message
	Tools      []string
	ToolChoice string // "auto", "none", … or "" when absent
	Stream     bool
	Header     http.Header
	Query      url.Values // the URL's query (Azure's api-version)
	// Images are the pictures the request carried (tool results' or a
	// user message's), in order, decoded and checked.
	Images []llm.Image
}

// decodeImage checks a base64 picture as the APIs do: a supported media
// type and data that decodes and starts like that format.
func decodeImage(mediaType, data string) (llm.Image, error) {
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return llm.Image{}, fmt.Errorf("image data is not valid base64: %v", err)
	}
	magic := map[string]string{"image/png": "\x89PNG", "image/jpeg": "\xff\xd8", "image/gif": "GIF8", "image/webp": "RIFF"}[mediaType]
	if magic == "" {
		return llm.Image{}, fmt.Errorf("image media type %q is not supported; use image/jpeg, image/png, image/gif or image/webp", mediaType)
	}
	if !bytes.HasPrefix(b, []byte(magic)) {
		return llm.Image{}, fmt.Errorf("image data does not match its media type %s", mediaType)
	}
	return llm.Image{MediaType: mediaType, Data: b}, nil
}

// Respond chooses the reply to the n-th request (0-based).
type Respond func(n int, s Seen) Reply

// Script answers the n-th request with replies[n], and with "(script
// ended)" after the last.
func Script(replies ...Reply) Respond {
	return func(n int, _ Seen) Reply {
		if n < len(replies) {
			return replies[n]
		}
		return Reply{Text: "(script ended)"}
	}
}

// Server is a running fake.
type Server struct {
	*httptest.Server
	// BaseURL is what the provider's SDK needs (it differs per SDK).
	BaseURL string
	// Disconnected receives once for each hung request whose client went away.
	Disconnected chan struct{}

	mu      sync.Mutex
	seen    []Seen
	respond Respond
	models  []string
}

func newServer(t testing.TB, respond Respond, h func(*Server, http.ResponseWriter, *http.Request)) *Server {
	s := &Server{respond: respond, Disconnected: make(chan struct{}, 16)}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h(s, w, r) }))
	t.Cleanup(s.Close)
	return s
}

// Seen returns the requests received so far.
func (s *Server) Seen() []Seen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Seen(nil), s.seen...)
}

// record stores a decoded request and returns the reply for it.
func (s *Server) record(seen Seen) Reply {
	s.mu.Lock()
	n := len(s.seen)
	s.seen = append(s.seen, seen)
	s.mu.Unlock()
	return s.respond(n, seen)
}

// hang waits for the client to go away (at most 10 s).
func (s *Server) hang(r *http.Request) {
	select {
	case <-r.Context().Done():
		s.Disconnected <- struct{}{}
	case <-time.After(10 * time.Second):
	}
}

// chunks splits text into fragments of at most n runes.
func chunks(text string, n int) []string {
	var out []string
	for text != "" {
		i, k := 0, 0
		for i < len(text) && k < n {
			_, size := utf8.DecodeRuneInString(text[i:])
			i += size
			k++
		}
		out = append(out, text[:i])
		text = text[i:]
	}
	return out
}

func callID(prefix string, c Call, n, i int) string {
	if c.ID != "" {
		return c.ID
	}
	return fmt.Sprintf("%s%d_%d", prefix, n, i)
}

func sseHeaders(w http.ResponseWriter) http.Flusher {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	f, _ := w.(http.Flusher)
	return f
}
