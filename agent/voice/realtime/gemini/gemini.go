// Package gemini speaks the Gemini Live API (BidiGenerateContent) over a WebSocket
// and presents it as a [realtime.Conn]. The server's JSON may come in text or binary
// frames; both are accepted. The package geminitest holds a fake server.
package gemini

import (
	"github.com/kin-companion/kin/agent/llm"

	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/realtime"
)

// DefaultModel is used when Dialer.Model is empty.
const DefaultModel = "gemini-2.5-flash-native-audio-preview-12-2025"

// DefaultBase is the Live API host.
const DefaultBase = "wss://generativelanguage.googleapis.com"

// Path is the BidiGenerateContent endpoint for API version v1beta.
const Path = "/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent"

// URLFromBase derives the Live endpoint from a base URL (as in
// GOOGLE_GEMINI_BASE_URL): http becomes ws, https wss, and [Path] is appended.
func URLFromBase(base string) (string, error) {
	if base == "" {
		base = DefaultBase
	}
	u, err := url.Parse(strings.TrimRight(base, "/"))
	if err != nil {
		return "", fmt.Errorf("gemini: base URL %q: %w", base, err)
	}
	switch u.Scheme {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	case "ws", "wss":
	default:
		return "", fmt.Errorf("gemini: base URL %q: want http(s) or ws(s)", base)
	}
	u.Path += Path
	return u.String(), nil
}

// Dialer connects to Gemini Live.
type Dialer struct {
	URL       string // default: URLFromBase("")
	APIKey    string // sent as x-goog-api-key
	Model     string // default DefaultModel
	SilenceMs int    // automatic activity detection's silenceDurationMs; default 500
	// Activity tunes the server's turn detection; the zero value starts on
	// clear speech (low start sensitivity) and ends promptly.
	Activity Activity
	WS       *websocket.Dialer
}

// Name is the provider's name in sentences about its faults.
func (d *Dialer) Name() string { return "Gemini Live" }

// Dial implements realtime.Dialer: send setup (resuming cfg.Resume if set), wait for
// setupComplete, then — on a fresh session — re-inject cfg.History as clientContent.
func (d *Dialer) Dial(ctx context.Context, cfg realtime.Config) (realtime.Conn, error) {
	u := d.URL
	if u == "" {
		u, _ = URLFromBase("")
	}
	setup, err := setupMessage(d, cfg)
	if err != nil {
		return nil, err // a setting mistake: no point connecting
	}
	ws := d.WS
	if ws == nil {
		ws = websocket.DefaultDialer
	}
	c, resp, err := ws.DialContext(ctx, u, http.Header{"x-goog-api-key": {d.APIKey}})
	if err != nil {
		if resp != nil {
			err = fmt.Errorf("%w (HTTP %s)", err, resp.Status)
		}
		return nil, fmt.Errorf("gemini: dial %s: %w", u, err)
	}
	conn := &Conn{ws: c}
	stop := context.AfterFunc(ctx, func() { c.SetReadDeadline(time.Now()) })
	err = conn.setup(setup, cfg)
	stop()
	if err != nil {
		c.Close()
		return nil, err
	}
	c.SetReadDeadline(time.Time{})
	return conn, nil
}

func (c *Conn) setup(setup map[string]any, cfg realtime.Config) error {
	if err := c.send(map[string]any{"setup": setup}); err != nil {
		return err
	}
	for {
		_, data, err := c.ws.ReadMessage()
		if err != nil {
			return fmt.Errorf("gemini: waiting for setupComplete: %w", closeErr(err))
		}
		var msg struct {
			SetupComplete *struct {
				SessionID string `json:"sessionId"`
			} `json:"setupComplete"`
		}
		if err := json.Unmarshal(data, &msg); err != nil {
			return fmt.Errorf("gemini: waiting for setupComplete: %w: %w", llm.ErrMalformed, err)
		}
		if msg.SetupComplete != nil {
			break
		}
	}
	if cfg.Resume != "" || len(cfg.History) == 0 {
		return nil // a resumed session keeps its own context
	}
	turns := make([]map[string]any, len(cfg.History))
	for i, t := range cfg.History {
		role := "user"
		if t.Role == realtime.Assistant {
			role = "model"
		}
		turns[i] = map[string]any{"role": role, "parts": []map[string]any{{"text": t.Text}}}
	}
	return c.send(map[string]any{"clientContent": map[string]any{"turns": turns, "turnComplete": false}})
}

func setupMessage(d *Dialer, cfg realtime.Config) (map[string]any, error) {
	model := d.Model
	if model == "" {
		model = DefaultModel
	}
	if !strings.HasPrefix(model, "models/") {
		model = "models/" + model
	}
	aad, err := d.Activity.wire(d.SilenceMs)
	if err != nil {
		return nil, err
	}
	gen := map[string]any{"responseModalities": []string{"AUDIO"}}
	if cfg.Voice != "" {
		gen["speechConfig"] = map[string]any{"voiceConfig": map[string]any{"prebuiltVoiceConfig": map[string]any{"voiceName": cfg.Voice}}}
	}
	setup := map[string]any{
		"model":                    model,
		"generationConfig":         gen,
		"systemInstruction":        map[string]any{"parts": []map[string]any{{"text": cfg.FullInstructions()}}},
		"inputAudioTranscription":  map[string]any{},
		"outputAudioTranscription": map[string]any{},
		"realtimeInputConfig":      map[string]any{"automaticActivityDetection": aad},
		"contextWindowCompression": map[string]any{"slidingWindow": map[string]any{}},
	}
	resume := map[string]any{}
	if cfg.Resume != "" {
		resume["handle"] = cfg.Resume
	}
	setup["sessionResumption"] = resume
	if len(cfg.Tools) > 0 {
		decls := make([]map[string]any, len(cfg.Tools))
		for i, t := range cfg.Tools {
			decl := map[string]any{"name": t.Name, "description": t.Description}
			if len(t.Schema) > 0 {
				decl["parametersJsonSchema"] = t.Schema
			}
			decls[i] = decl
		}
		setup["tools"] = []map[string]any{{"functionDeclarations": decls}}
	}
	return setup, nil
}

// Conn is a live Gemini connection.
type Conn struct {
	ws      *websocket.Conn
	wmu     sync.Mutex
	pending []realtime.Event

	turn       int  // number of the model turn being received
	inTurn     bool // model content seen since the last turnComplete
	userText   strings.Builder
	modelText  strings.Builder
	interrupts bool
}

func (c *Conn) send(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("gemini: encode: %w", err)
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if err := c.ws.WriteMessage(websocket.TextMessage, data); err != nil {
		return fmt.Errorf("gemini: send: %w", err)
	}
	return nil
}

// InputRate implements realtime.Conn: 16 kHz.
func (c *Conn) InputRate() int { return audio.CaptureRate }

// SendAudio implements realtime.Conn (realtimeInput.audio).
func (c *Conn) SendAudio(pcm []int16) error {
	if len(pcm) == 0 {
		return nil
	}
	return c.send(audioMessage{RealtimeInput: audioInput{Audio: blob{
		Data: base64.StdEncoding.EncodeToString(audio.Bytes(pcm)), MimeType: "audio/pcm;rate=16000"}}})
}

type audioMessage struct {
	RealtimeInput audioInput `json:"realtimeInput"`
}
type audioInput struct {
	Audio blob `json:"audio"`
}
type blob struct {
	Data     string `json:"data"`
	MimeType string `json:"mimeType"`
}

// EndAudio implements realtime.Conn (realtimeInput.audioStreamEnd).
func (c *Conn) EndAudio() error {
	return c.send(map[string]any{"realtimeInput": map[string]any{"audioStreamEnd": true}})
}

// SendText implements realtime.Conn: a complete user turn.
func (c *Conn) SendText(text string) error {
	return c.send(map[string]any{"clientContent": map[string]any{"turns": []map[string]any{
		{"role": "user", "parts": []map[string]any{{"text": text}}}}, "turnComplete": true}})
}

// SendToolResults implements realtime.Conn (toolResponse).
func (c *Conn) SendToolResults(results []realtime.ToolResult) error {
	resp := make([]map[string]any, len(results))
	for i, r := range results {
		resp[i] = map[string]any{"id": r.ID, "name": r.Name, "response": map[string]any{"result": r.Output}}
	}
	return c.send(map[string]any{"toolResponse": map[string]any{"functionResponses": resp}})
}

// Interrupt implements realtime.Conn. The server interrupts its own turn when it
// hears the user; there is nothing to truncate.
func (c *Conn) Interrupt(string, time.Duration) error { return nil }

// Close implements realtime.Conn.
func (c *Conn) Close() error {
	c.wmu.Lock()
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(time.Second))
	c.wmu.Unlock()
	return c.ws.Close()
}

func closeErr(err error) error {
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		return &realtime.CloseError{Code: ce.Code, Reason: ce.Text}
	}
	return err
}

// Recv implements realtime.Conn.
func (c *Conn) Recv(ctx context.Context) (realtime.Event, error) {
	stop := context.AfterFunc(ctx, func() { c.ws.SetReadDeadline(time.Now()) })
	defer stop()
	for len(c.pending) == 0 {
		_, data, err := c.ws.ReadMessage() // binary or text
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("gemini: receive: %w", closeErr(err))
		}
		arrived := time.Now()
		if err := c.decode(data); err != nil {
			return nil, err
		}
		realtime.StampAudio(c.pending, arrived, time.Now())
	}
	ev := c.pending[0]
	c.pending = c.pending[1:]
	return ev, nil
}
