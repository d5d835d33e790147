package openaitest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/gorilla/websocket"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/vad"
)

const deltaSamples = audio.PlaybackRate / 10 // 100 ms per audio delta

// conn is one client connection's server state.
type conn struct {
	s   *Server
	ws  *websocket.Conn
	log *Log

	wmu sync.Mutex
	ids int

	mu        sync.Mutex
	vad       *vad.VAD
	create    bool // turn_detection.create_response
	interrupt bool // turn_detection.interrupt_response
	buffered  int  // samples appended since the last commit
	heard     int64
	speechID  string
	resp      *response
	sent      map[string]int // assistant item -> audio samples sent
	awaiting  *Turn          // a turn whose function call awaits its output
	awaitN    int            // its number
	rounds    int            // calls made for it so far
	callID    string
	lastItem  string
}

type response struct {
	id     string
	cancel chan string // reason
	done   chan struct{}
}

func newConn(s *Server, ws *websocket.Conn, log *Log) *conn {
	return &conn{s: s, ws: ws, log: log, sent: map[string]int{}}
}

func (c *conn) id(prefix string) string {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ids++
	return fmt.Sprintf("%s_%03d", prefix, c.ids)
}

func (c *conn) send(ev map[string]any) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ids++
	ev["event_id"] = fmt.Sprintf("event_%03d", c.ids)
	data, _ := json.Marshal(ev)
	c.ws.WriteMessage(websocket.TextMessage, data)
}

func (c *conn) fail(code, msg string, eventID any) {
	c.send(map[string]any{"type": "error", "error": map[string]any{"type": "invalid_request_error",
		"code": code, "message": msg, "param": nil, "event_id": eventID}})
}

func (c *conn) run() {
	defer c.ws.Close()
	c.send(map[string]any{"type": "session.created", "session": map[string]any{"type": "realtime",
		"id": c.id("sess"), "object": "realtime.session", "model": c.log.Model, "output_modalities": []string{"audio"}}})
	for {
		_, data, err := c.ws.ReadMessage()
		if err != nil {
			c.cancelResponse("client_cancelled", false)
			return
		}
		var ev struct {
			Type    string `json:"type"`
			EventID any    `json:"event_id"`
		}
		if json.Unmarshal(data, &ev) != nil || ev.Type == "" {
			c.fail("invalid_event", "The 'type' field is missing.", nil)
			continue
		}
		c.s.record(c.log, Event{Type: ev.Type, Raw: append(json.RawMessage(nil), data...)})
		c.dispatch(ev.Type, ev.EventID, data)
	}
}

func (c *conn) dispatch(typ string, eventID any, data []byte) {
	switch typ {
	case "session.update":
		c.sessionUpdate(data)
	case "input_audio_buffer.append":
		var ev struct{ Audio string }
		json.Unmarshal(data, &ev)
		pcm, err := base64.StdEncoding.DecodeString(ev.Audio)
		if err != nil {
			c.fail("invalid_value", "Invalid base64 audio.", eventID)
			return
		}
		c.appendAudio(audio.FromBytes(pcm))
	case "input_audio_buffer.commit":
		c.mu.Lock()
		n := c.buffered
		c.mu.Unlock()
		if n == 0 {
			c.fail("input_audio_buffer_commit_empty", "Error committing input audio buffer: buffer too small.", eventID)
			return
		}
		c.commit()
	case "input_audio_buffer.clear":
		c.mu.Lock()
		c.buffered = 0
		c.mu.Unlock()
		c.send(map[string]any{"type": "input_audio_buffer.cleared"})
	case "conversation.item.create":
		c.itemCreate(data, eventID)
	case "response.create":
		c.responseCreate(data, eventID)
	case "response.cancel":
		if !c.cancelResponse("client_cancelled", true) {
			c.fail("response_cancel_not_active", "Cancellation failed: no active response found", eventID)
		}
	case "conversation.item.truncate":
		c.truncate(data, eventID)
	default:
		c.fail("invalid_event", fmt.Sprintf("Invalid value: '%s'.", typ), eventID)
	}
}

func (c *conn) sessionUpdate(data []byte) {
	var ev struct {
		Session map[string]any `json:"session"`
	}
	json.Unmarshal(data, &ev)
	if ev.Session["type"] != "realtime" {
		c.fail("missing_required_parameter", "Missing required parameter: 'session.type'.", nil)
		return
	}
	var td struct {
		Audio struct {
			Input struct {
				TurnDetection json.RawMessage `json:"turn_detection"`
			} `json:"input"`
		} `json:"audio"`
	}
	raw, _ := json.Marshal(ev.Session)
	json.Unmarshal(raw, &td)
	t, msg := parseTurnDetection(td.Audio.Input.TurnDetection)
	if msg != "" {
		c.fail("invalid_value", msg, nil)
		return
	}
	c.s.mu.Lock()
	c.log.TurnDetection = append(json.RawMessage(nil), td.Audio.Input.TurnDetection...)
	c.s.mu.Unlock()
	c.mu.Lock()
	if t != nil {
		c.vad = vad.New(vad.Config{Rate: audio.PlaybackRate, Hang: t.hang()})
		c.create = t.CreateResponse == nil || *t.CreateResponse
		c.interrupt = t.InterruptResponse == nil || *t.InterruptResponse
	} else {
		c.vad = nil
	}
	c.mu.Unlock()
	ev.Session["id"], ev.Session["object"] = "sess_fake", "realtime.session"
	c.send(map[string]any{"type": "session.updated", "session": ev.Session})
}

// appendAudio runs server VAD over the appended audio.
func (c *conn) appendAudio(pcm []int16) {
	c.mu.Lock()
	c.buffered += len(pcm)
	v := c.vad
	c.heard += int64(len(pcm))
	c.mu.Unlock()
	if v == nil {
		return
	}
	for _, e := range v.Write(pcm) {
		ms := e.At * 1000 / audio.PlaybackRate
		switch e.Kind {
		case vad.SpeechStart:
			c.speechStarted(ms)
		case vad.SpeechEnd:
			c.mu.Lock()
			item := c.speechID
			c.mu.Unlock()
			c.send(map[string]any{"type": "input_audio_buffer.speech_stopped", "audio_end_ms": ms, "item_id": item})
			c.commit()
		}
	}
}

func (c *conn) speechStarted(ms int64) {
	item := c.id("item")
	c.mu.Lock()
	c.speechID = item
	interrupt := c.interrupt
	c.mu.Unlock()
	c.send(map[string]any{"type": "input_audio_buffer.speech_started", "audio_start_ms": ms, "item_id": item})
	if interrupt {
		c.cancelResponse("turn_detected", false)
	}
}

// commit closes the user's turn and, with create_response, starts the reply.
func (c *conn) commit() {
	c.mu.Lock()
	item := c.speechID
	if item == "" {
		item = fmt.Sprintf("item_manual_%d", c.heard)
	}
	c.speechID = ""
	prev := c.lastItem
	c.lastItem = item
	c.buffered = 0
	create := c.create
	c.mu.Unlock()
	c.send(map[string]any{"type": "input_audio_buffer.committed", "previous_item_id": nilIfEmpty(prev), "item_id": item})
	msg := map[string]any{"id": item, "type": "message", "role": "user", "status": "completed",
		"content": []map[string]any{{"type": "input_audio", "transcript": nil}}}
	c.send(map[string]any{"type": "conversation.item.added", "previous_item_id": nilIfEmpty(prev), "item": msg})
	c.send(map[string]any{"type": "conversation.item.done", "previous_item_id": nilIfEmpty(prev), "item": msg})
	n, turn := c.s.nextTurn()
	if create {
		c.startResponse(n, turn, item, false)
	}
	_ = n
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func (c *conn) itemCreate(data []byte, eventID any) {
	var ev struct {
		Item map[string]any `json:"item"`
	}
	json.Unmarshal(data, &ev)
	item := ev.Item
	switch item["type"] {
	case "message":
	case "function_call_output":
		c.mu.Lock()
		ok := item["call_id"] == c.callID && c.callID != ""
		c.mu.Unlock()
		if !ok {
			c.fail("invalid_value", fmt.Sprintf("Tool call ID '%v' not found in conversation.", item["call_id"]), eventID)
			return
		}
	default:
		c.fail("invalid_value", fmt.Sprintf("Invalid item type %v.", item["type"]), eventID)
		return
	}
	if item["id"] == nil {
		item["id"] = c.id("item")
	}
	item["status"] = "completed"
	c.mu.Lock()
	prev := c.lastItem
	c.lastItem = item["id"].(string)
	c.mu.Unlock()
	c.send(map[string]any{"type": "conversation.item.added", "previous_item_id": nilIfEmpty(prev), "item": item})
	c.send(map[string]any{"type": "conversation.item.done", "previous_item_id": nilIfEmpty(prev), "item": item})
}

func (c *conn) responseCreate(data []byte, eventID any) {
	var ev struct {
		Response struct {
			Conversation string `json:"conversation"`
			Instructions string `json:"instructions"`
		} `json:"response"`
	}
	json.Unmarshal(data, &ev)
	c.mu.Lock()
	active := c.resp != nil
	awaiting := c.awaiting
	c.mu.Unlock()
	if active {
		c.fail("conversation_already_has_active_response", "Conversation already has an active response in progress.", eventID)
		return
	}
	if ev.Response.Conversation == "none" { // out of band: a filler
		say := ev.Response.Instructions
		if i := strings.LastIndex(say, ": "); i >= 0 {
			say = say[i+2:]
		}
		c.startResponse(-1, Turn{Say: say}, "", true)
		return
	}
	if awaiting != nil {
		t := *awaiting
		c.mu.Lock()
		n := c.awaitN
		c.rounds++
		if c.rounds >= max(t.Rounds, 1) {
			t.Call = nil // enough calls: speak
			c.rounds = 0
		}
		c.awaiting, c.callID = nil, ""
		c.mu.Unlock()
		c.startResponse(n, t, "", false)
		return
	}
	n, turn := c.s.nextTurn()
	c.startResponse(n, turn, "", false)
}

func (c *conn) truncate(data []byte, eventID any) {
	var ev struct {
		ItemID       string `json:"item_id"`
		ContentIndex int    `json:"content_index"`
		AudioEndMs   int64  `json:"audio_end_ms"`
	}
	json.Unmarshal(data, &ev)
	c.mu.Lock()
	n, ok := c.sent[ev.ItemID]
	c.mu.Unlock()
	switch {
	case !ok:
		c.fail("item_truncate_invalid_item_id", fmt.Sprintf("Item with item_id %q not found.", ev.ItemID), eventID)
	case ev.AudioEndMs > int64(n)*1000/audio.PlaybackRate:
		c.fail("invalid_value", "Audio content of "+fmt.Sprint(int64(n)*1000/audio.PlaybackRate)+"ms is already shorter than "+fmt.Sprint(ev.AudioEndMs)+"ms", eventID)
	default:
		c.send(map[string]any{"type": "conversation.item.truncated", "item_id": ev.ItemID,
			"content_index": ev.ContentIndex, "audio_end_ms": ev.AudioEndMs})
	}
}
