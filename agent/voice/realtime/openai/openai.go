// Package openai speaks the OpenAI Realtime API (GA protocol) over a WebSocket and
// presents it as a [realtime.Conn]. The package openaitest holds a fake server that
// follows the same event sequences.
package openai

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
const DefaultModel = "gpt-realtime"

// DefaultURL is the realtime endpoint.
const DefaultURL = "wss://api.openai.com/v1/realtime"

// URLFromBase derives the realtime endpoint from an OpenAI base URL (as in
// OPENAI_BASE_URL): http becomes ws, https wss, and /realtime is appended. An empty
// base gives [DefaultURL].
func URLFromBase(base string) (string, error) {
	if base == "" {
		return DefaultURL, nil
	}
	u, err := url.Parse(strings.TrimRight(base, "/"))
	if err != nil {
		return "", fmt.Errorf("openai: base URL %q: %w", base, err)
	}
	switch u.Scheme {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	case "ws", "wss":
	default:
		return "", fmt.Errorf("openai: base URL %q: want http(s) or ws(s)", base)
	}
	u.Path += "/realtime"
	return u.String(), nil
}

// Dialer connects to OpenAI Realtime.
type Dialer struct {
	URL        string // default DefaultURL
	APIKey     string
	Model      string // default DefaultModel
	Transcribe string // input transcription model; default "gpt-4o-transcribe"
	// SilenceMs is server VAD's silence_duration_ms; default 500. Turn.SilenceMs
	// wins when set.
	SilenceMs int
	// Turn is the server's turn detection; the zero value is semantic_vad with
	// eagerness auto.
	Turn TurnDetection
	WS   *websocket.Dialer // default websocket.DefaultDialer
}

// Dial implements realtime.Dialer: connect, wait for session.created, send
// session.update with cfg, wait for session.updated, then re-inject cfg.History as
// conversation items.
func (d *Dialer) Dial(ctx context.Context, cfg realtime.Config) (realtime.Conn, error) {
	u := d.URL
	if u == "" {
		u = DefaultURL
	}
	model := d.Model
	if model == "" {
		model = DefaultModel
	}
	if _, err := d.Turn.wire(d.SilenceMs); err != nil {
		return nil, err // a setting mistake: no point connecting
	}
	h := http.Header{"Authorization": {"Bearer " + d.APIKey}}
	ws := d.WS
	if ws == nil {
		ws = websocket.DefaultDialer
	}
	c, resp, err := ws.DialContext(ctx, u+"?model="+url.QueryEscape(model), h)
	if err != nil {
		if resp != nil {
			err = fmt.Errorf("%w (HTTP %s)", err, resp.Status)
		}
		return nil, fmt.Errorf("openai: dial %s: %w", u, err)
	}
	conn := &Conn{ws: c, serverInterrupts: !d.Turn.NoInterrupt && d.Turn.Type != NoVAD}
	if err := conn.setup(ctx, d, cfg); err != nil {
		c.Close()
		return nil, err
	}
	return conn, nil
}

// Name is the provider's name in sentences about its faults.
func (d *Dialer) Name() string { return "OpenAI Realtime" }

// Conn is a live OpenAI Realtime connection.
type Conn struct {
	ws      *websocket.Conn
	wmu     sync.Mutex
	pending []realtime.Event // events decoded but not yet returned

	mu          sync.Mutex
	active      bool                // a response is in progress
	createAfter bool                // send response.create once it is done
	calls       []realtime.ToolCall // function calls of the response in progress
	// serverInterrupts: speech_started cancels the reply on the server
	// (interrupt_response true).
	serverInterrupts bool
}

func (c *Conn) setup(ctx context.Context, d *Dialer, cfg realtime.Config) error {
	stop := context.AfterFunc(ctx, func() { c.ws.SetReadDeadline(time.Now()) })
	defer stop()
	if err := c.expect("session.created"); err != nil {
		return err
	}
	update, err := sessionUpdate(d, cfg)
	if err != nil {
		return err
	}
	if err := c.send(update); err != nil {
		return err
	}
	if err := c.expect("session.updated"); err != nil {
		return err
	}
	for _, t := range cfg.History {
		kind := "input_text"
		if t.Role == realtime.Assistant {
			kind = "output_text"
		}
		item := map[string]any{"type": "message", "role": string(t.Role),
			"content": []map[string]any{{"type": kind, "text": t.Text}}}
		if err := c.send(map[string]any{"type": "conversation.item.create", "item": item}); err != nil {
			return err
		}
	}
	return nil
}

// expect reads until an event of type want, failing on an error event.
func (c *Conn) expect(want string) error {
	for {
		_, data, err := c.ws.ReadMessage()
		if err != nil {
			return fmt.Errorf("openai: waiting for %s: %w", want, err)
		}
		var ev serverEvent
		if err := json.Unmarshal(data, &ev); err != nil {
			return fmt.Errorf("openai: waiting for %s: %w: %w", want, llm.ErrMalformed, err)
		}
		switch ev.Type {
		case want:
			return nil
		case "error":
			return fmt.Errorf("openai: waiting for %s: %s: %s", want, ev.Error.Code, ev.Error.Message)
		}
	}
}

func sessionUpdate(d *Dialer, cfg realtime.Config) (map[string]any, error) {
	transcribe := d.Transcribe
	if transcribe == "" {
		transcribe = "gpt-4o-transcribe"
	}
	turn, err := d.Turn.wire(d.SilenceMs)
	if err != nil {
		return nil, err
	}
	format := map[string]any{"type": "audio/pcm", "rate": audio.PlaybackRate}
	output := map[string]any{"format": format}
	if cfg.Voice != "" {
		output["voice"] = cfg.Voice
	}
	session := map[string]any{
		"type":              "realtime",
		"instructions":      cfg.FullInstructions(),
		"output_modalities": []string{"audio"},
		"audio": map[string]any{
			"input": map[string]any{
				"format":         format,
				"transcription":  map[string]any{"model": transcribe},
				"turn_detection": turn,
			},
			"output": output,
		},
	}
	if len(cfg.Tools) > 0 {
		tools := make([]map[string]any, len(cfg.Tools))
		for i, t := range cfg.Tools {
			schema := t.Schema
			if len(schema) == 0 {
				schema = json.RawMessage(`{"type":"object","properties":{}}`)
			}
			tools[i] = map[string]any{"type": "function", "name": t.Name, "description": t.Description, "parameters": schema}
		}
		session["tools"], session["tool_choice"] = tools, "auto"
	}
	return map[string]any{"type": "session.update", "session": session}, nil
}

func (c *Conn) send(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("openai: encode: %w", err)
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if err := c.ws.WriteMessage(websocket.TextMessage, data); err != nil {
		return fmt.Errorf("openai: send: %w", err)
	}
	return nil
}

// InputRate implements realtime.Conn: 24 kHz.
func (c *Conn) InputRate() int { return audio.PlaybackRate }

// SendAudio implements realtime.Conn (input_audio_buffer.append).
func (c *Conn) SendAudio(pcm []int16) error {
	if len(pcm) == 0 {
		return nil
	}
	return c.send(appendEvent{Type: "input_audio_buffer.append", Audio: base64.StdEncoding.EncodeToString(audio.Bytes(pcm))})
}

type appendEvent struct {
	Type  string `json:"type"`
	Audio string `json:"audio"`
}

// EndAudio implements realtime.Conn. With server VAD the trailing silence the
// session sends closes the turn, so there is nothing to send.
func (c *Conn) EndAudio() error { return nil }

// SendText implements realtime.Conn: a user text message and response.create.
func (c *Conn) SendText(text string) error {
	item := map[string]any{"type": "message", "role": "user",
		"content": []map[string]any{{"type": "input_text", "text": text}}}
	if err := c.send(map[string]any{"type": "conversation.item.create", "item": item}); err != nil {
		return err
	}
	return c.createResponse()
}

// SendToolResults implements realtime.Conn: one function_call_output per result,
// then response.create.
func (c *Conn) SendToolResults(results []realtime.ToolResult) error {
	for _, r := range results {
		item := map[string]any{"type": "function_call_output", "call_id": r.ID, "output": r.Output}
		if err := c.send(map[string]any{"type": "conversation.item.create", "item": item}); err != nil {
			return err
		}
	}
	return c.createResponse()
}

// createResponse sends response.create now, or when the response in progress (a
// filler) is done: the server refuses a second active response.
func (c *Conn) createResponse() error {
	c.mu.Lock()
	if c.active {
		c.createAfter = true
		c.mu.Unlock()
		return nil
	}
	c.active = true
	c.mu.Unlock()
	return c.send(map[string]any{"type": "response.create"})
}

// SendFiller implements realtime.Filler with an out-of-band response that is not
// added to the conversation.
func (c *Conn) SendFiller(text string) error {
	c.mu.Lock()
	busy := c.active
	c.active = !busy
	c.mu.Unlock()
	if busy {
		return nil // something is being said already
	}
	return c.send(map[string]any{"type": "response.create", "response": map[string]any{
		"conversation": "none", "output_modalities": []string{"audio"},
		"instructions": "Say exactly this, briefly and naturally: " + text}})
}

// Interrupt implements realtime.Conn: response.cancel if a response is still
// running, then conversation.item.truncate to what was heard.
func (c *Conn) Interrupt(item string, heard time.Duration) error {
	c.mu.Lock()
	active := c.active
	c.active, c.createAfter = false, false
	c.mu.Unlock()
	if active {
		if err := c.send(map[string]any{"type": "response.cancel"}); err != nil {
			return err
		}
	}
	return c.send(map[string]any{"type": "conversation.item.truncate", "item_id": item,
		"content_index": 0, "audio_end_ms": heard.Milliseconds()})
}

// Close implements realtime.Conn.
func (c *Conn) Close() error {
	c.wmu.Lock()
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(time.Second))
	c.wmu.Unlock()
	return c.ws.Close()
}

// Recv implements realtime.Conn.
func (c *Conn) Recv(ctx context.Context) (realtime.Event, error) {
	stop := context.AfterFunc(ctx, func() { c.ws.SetReadDeadline(time.Now()) })
	defer stop()
	for len(c.pending) == 0 {
		_, data, err := c.ws.ReadMessage() // text or binary: both carry JSON
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				return nil, &realtime.CloseError{Code: ce.Code, Reason: ce.Text}
			}
			return nil, fmt.Errorf("openai: receive: %w", err)
		}
		arrived := time.Now()
		if err := c.decode(data); err != nil {
			return nil, err
		}
		realtime.StampAudio(c.pending, arrived, time.Now())
		if err := c.flushCreate(); err != nil {
			return nil, err
		}
	}
	ev := c.pending[0]
	c.pending = c.pending[1:]
	return ev, nil
}

// flushCreate sends a deferred response.create once no response is active.
func (c *Conn) flushCreate() error {
	c.mu.Lock()
	send := c.createAfter && !c.active
	if send {
		c.createAfter, c.active = false, true
	}
	c.mu.Unlock()
	if !send {
		return nil
	}
	return c.send(map[string]any{"type": "response.create"})
}
