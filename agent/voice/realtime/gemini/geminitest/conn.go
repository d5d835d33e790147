package geminitest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/vad"
)

const chunk = audio.PlaybackRate / 10 // 100 ms of reply audio per message

type conn struct {
	s   *Server
	ws  *websocket.Conn
	log *Log

	wmu     sync.Mutex
	mu      sync.Mutex
	vad     *vad.VAD
	resume  bool
	stream  *turnStream
	waiting *Turn // a turn whose toolCall awaits its response
	waitN   int
	callID  string
	calls   int
}

type turnStream struct {
	cancel chan struct{}
	done   chan struct{}
}

// send writes msg as JSON in a binary frame, as the real server does.
func (c *conn) send(msg map[string]any) {
	data, _ := json.Marshal(msg)
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ws.WriteMessage(websocket.BinaryMessage, data)
}

func (c *conn) close(code int, reason string) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	closeWith(c.ws, code, reason)
}

func (c *conn) run() {
	defer c.interrupt(false)
	if !c.setup() {
		return
	}
	for {
		_, data, err := c.ws.ReadMessage()
		if err != nil {
			return
		}
		var msg map[string]json.RawMessage
		if json.Unmarshal(data, &msg) != nil || len(msg) != 1 {
			c.close(1007, "Invalid JSON payload received.")
			return
		}
		for kind, body := range msg {
			c.s.record(c.log, Message{Kind: kind, Raw: append(json.RawMessage(nil), data...)})
			if !c.dispatch(kind, body) {
				return
			}
		}
	}
}

func (c *conn) setup() bool {
	_, data, err := c.ws.ReadMessage()
	if err != nil {
		return false
	}
	var msg struct {
		Setup *struct {
			Model               string `json:"model"`
			RealtimeInputConfig struct {
				AutomaticActivityDetection json.RawMessage `json:"automaticActivityDetection"`
			} `json:"realtimeInputConfig"`
			SessionResumption *struct {
				Handle string `json:"handle"`
			} `json:"sessionResumption"`
		} `json:"setup"`
	}
	if json.Unmarshal(data, &msg) != nil || msg.Setup == nil {
		c.close(1007, "Request contains an invalid argument.")
		return false
	}
	c.s.record(c.log, Message{Kind: "setup", Raw: append(json.RawMessage(nil), data...)})
	su := msg.Setup
	if len(c.s.Models) > 0 && !slices.Contains(c.s.Models, strings.TrimPrefix(su.Model, "models/")) {
		c.close(1008, su.Model+" is not found for API version v1beta, or is not supported for bidiGenerateContent.")
		return false
	}
	if r := su.SessionResumption; r != nil {
		c.resume = true
		if r.Handle != "" {
			if !c.s.knownHandle(r.Handle) {
				c.close(1007, "Request contains an invalid argument.")
				return false
			}
			c.s.mu.Lock()
			c.log.Resumed = true
			c.s.mu.Unlock()
		}
	}
	raw := su.RealtimeInputConfig.AutomaticActivityDetection
	aad, ok := parseActivity(raw)
	if !ok {
		c.close(1007, "Request contains an invalid argument.")
		return false
	}
	c.s.mu.Lock()
	c.log.Activity = append(json.RawMessage(nil), raw...)
	c.s.mu.Unlock()
	if !aad.Disabled {
		c.vad = vad.New(aad.vadConfig())
	}
	c.send(map[string]any{"setupComplete": map[string]any{}})
	return true
}

func (c *conn) dispatch(kind string, body json.RawMessage) bool {
	switch kind {
	case "realtimeInput":
		var in struct {
			Audio *struct {
				Data     string `json:"data"`
				MimeType string `json:"mimeType"`
			} `json:"audio"`
			AudioStreamEnd bool      `json:"audioStreamEnd"`
			ActivityStart  *struct{} `json:"activityStart"`
			ActivityEnd    *struct{} `json:"activityEnd"`
		}
		json.Unmarshal(body, &in)
		switch {
		case in.Audio != nil:
			if in.Audio.MimeType != "audio/pcm;rate=16000" {
				c.close(1007, "Request contains an invalid argument.")
				return false
			}
			pcm, err := base64.StdEncoding.DecodeString(in.Audio.Data)
			if err != nil {
				c.close(1007, "Request contains an invalid argument.")
				return false
			}
			c.hear(audio.FromBytes(pcm))
		case in.AudioStreamEnd:
			if c.vad != nil && c.vad.Speaking() {
				c.userDone()
			}
		case in.ActivityStart != nil:
			c.interrupt(true)
		case in.ActivityEnd != nil:
			c.userDone()
		}
	case "clientContent":
		var cc struct {
			TurnComplete bool `json:"turnComplete"`
		}
		json.Unmarshal(body, &cc)
		if cc.TurnComplete {
			n, t := c.s.nextTurn()
			c.reply(n, t)
		}
	case "toolResponse":
		return c.toolResponse(body)
	default:
		c.close(1007, fmt.Sprintf("Invalid JSON payload received. Unknown name %q.", kind))
		return false
	}
	return true
}

// hear runs activity detection on the user's audio.
func (c *conn) hear(pcm []int16) {
	if c.vad == nil {
		return
	}
	for _, e := range c.vad.Write(pcm) {
		switch e.Kind {
		case vad.SpeechStart:
			c.interrupt(true)
		case vad.SpeechEnd:
			c.userDone()
		}
	}
}

// userDone ends the user's turn: input transcription, then a tool call or a reply.
func (c *conn) userDone() {
	n, t := c.s.nextTurn()
	if t.Heard != "" {
		c.send(map[string]any{"serverContent": map[string]any{"inputTranscription": map[string]any{"text": t.Heard}}})
	}
	c.reply(n, t)
}

func (c *conn) reply(n int, t Turn) {
	if t.Call != nil {
		c.mu.Lock()
		c.calls++
		id := fmt.Sprintf("fc-%d", c.calls)
		c.waiting, c.waitN, c.callID = &t, n, id
		c.mu.Unlock()
		var args any = map[string]any{}
		json.Unmarshal([]byte(t.Call.Args), &args)
		c.send(map[string]any{"toolCall": map[string]any{"functionCalls": []map[string]any{{"id": id, "name": t.Call.Name, "args": args}}}})
		return
	}
	st := &turnStream{cancel: make(chan struct{}), done: make(chan struct{})}
	c.mu.Lock()
	c.stream = st
	c.mu.Unlock()
	go c.streamTurn(st, n, t)
}

func (c *conn) toolResponse(body json.RawMessage) bool {
	var tr struct {
		FunctionResponses []struct {
			ID       string         `json:"id"`
			Name     string         `json:"name"`
			Response map[string]any `json:"response"`
		} `json:"functionResponses"`
	}
	json.Unmarshal(body, &tr)
	c.mu.Lock()
	t, n, id := c.waiting, c.waitN, c.callID
	c.waiting = nil
	c.mu.Unlock()
	if t == nil || len(tr.FunctionResponses) != 1 || tr.FunctionResponses[0].ID != id {
		c.close(1007, "Request contains an invalid argument.")
		return false
	}
	if c.s.take1008() {
		c.close(1008, "Requested entity was not found.")
		return false
	}
	reply := *t
	reply.Call = nil
	c.reply(n, reply)
	return true
}

// interrupt stops a model turn in progress; announce sends interrupted and
// turnComplete.
func (c *conn) interrupt(announce bool) {
	c.mu.Lock()
	st := c.stream
	c.stream = nil
	c.mu.Unlock()
	if st == nil {
		return
	}
	close(st.cancel)
	<-st.done
	if announce {
		c.send(map[string]any{"serverContent": map[string]any{"interrupted": true}})
		c.send(map[string]any{"serverContent": map[string]any{"turnComplete": true}})
	}
}

func (c *conn) streamTurn(st *turnStream, n int, t Turn) {
	defer close(st.done)
	pcm := t.Audio
	if pcm == nil {
		pcm = ToneFor(t.Say)
	}
	words := strings.Fields(t.Say)
	chunks := max(1, (len(pcm)+chunk-1)/chunk)
	for i := range chunks {
		select {
		case <-st.cancel:
			return
		default:
		}
		part := pcm[min(i*chunk, len(pcm)):min((i+1)*chunk, len(pcm))]
		c.send(map[string]any{"serverContent": map[string]any{"modelTurn": map[string]any{"parts": []map[string]any{
			{"inlineData": map[string]any{"mimeType": "audio/pcm;rate=24000", "data": base64.StdEncoding.EncodeToString(audio.Bytes(part))}}}}}})
		if w := words[min(i*len(words)/chunks, len(words)):min((i+1)*len(words)/chunks, len(words))]; len(w) > 0 {
			c.send(map[string]any{"serverContent": map[string]any{"outputTranscription": map[string]any{"text": strings.Join(w, " ") + " "}}})
		}
		if c.s.DeltaEvery > 0 {
			select {
			case <-st.cancel:
				return
			case <-time.After(c.s.DeltaEvery):
			}
		}
	}
	c.mu.Lock()
	if c.stream == st {
		c.stream = nil
	}
	c.mu.Unlock()
	c.send(map[string]any{"serverContent": map[string]any{"generationComplete": true}})
	c.send(map[string]any{"serverContent": map[string]any{"turnComplete": true}, "usageMetadata": map[string]any{"totalTokenCount": 10}})
	if c.resume {
		c.send(map[string]any{"sessionResumptionUpdate": map[string]any{"newHandle": c.s.issueHandle(), "resumable": true}})
	}
	if n == c.s.GoAwayAfter {
		c.send(map[string]any{"goAway": map[string]any{"timeLeft": "10s"}})
	}
	if c.s.OnTurnDone != nil && n >= 0 {
		c.s.OnTurnDone(n)
	}
}
