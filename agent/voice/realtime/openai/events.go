package openai

import (
	"github.com/kin-companion/kin/agent/llm"

	"encoding/base64"
	"encoding/json"
	"fmt"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/realtime"
)

// serverEvent holds the fields of the server events kin reads.
type serverEvent struct {
	Type       string `json:"type"`
	ItemID     string `json:"item_id"`
	CallID     string `json:"call_id"`
	Name       string `json:"name"`
	Arguments  string `json:"arguments"`
	Delta      string `json:"delta"`
	Transcript string `json:"transcript"`
	Session    struct {
		ID string `json:"id"`
	} `json:"session"`
	Response struct {
		Status string `json:"status"`
	} `json:"response"`
	Error struct {
		Type    string `json:"type"`
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// decode turns one server message into zero or more events on c.pending. GA names
// are primary; the beta names of the same events are accepted too.
func (c *Conn) decode(data []byte) error {
	var ev serverEvent
	if err := json.Unmarshal(data, &ev); err != nil {
		return fmt.Errorf("openai: bad server event: %w: %w", llm.ErrMalformed, err)
	}
	emit := func(e realtime.Event) { c.pending = append(c.pending, e) }
	switch ev.Type {
	case "session.created", "session.updated":
		emit(realtime.Ready{SessionID: ev.Session.ID})
	case "input_audio_buffer.speech_started":
		c.mu.Lock()
		if c.serverInterrupts { // interrupt_response: the server cancels the reply itself
			c.active = false
		}
		c.mu.Unlock()
		emit(realtime.SpeechStarted{ItemID: ev.ItemID})
	case "response.created":
		c.mu.Lock()
		c.active, c.calls = true, nil
		c.mu.Unlock()
	case "response.output_audio.delta", "response.audio.delta":
		pcm, err := base64.StdEncoding.DecodeString(ev.Delta)
		if err != nil {
			return fmt.Errorf("openai: audio delta: %w: %w", llm.ErrMalformed, err)
		}
		emit(realtime.AudioDelta{ItemID: ev.ItemID, PCM: audio.FromBytes(pcm)})
	case "response.output_audio_transcript.delta", "response.audio_transcript.delta":
		emit(realtime.Transcript{Role: realtime.Assistant, ItemID: ev.ItemID, Text: ev.Delta})
	case "response.output_audio_transcript.done", "response.audio_transcript.done":
		emit(realtime.Transcript{Role: realtime.Assistant, ItemID: ev.ItemID, Text: ev.Transcript, Final: true})
	case "conversation.item.input_audio_transcription.completed":
		emit(realtime.Transcript{Role: realtime.User, ItemID: ev.ItemID, Text: ev.Transcript, Final: true})
	case "response.function_call_arguments.done":
		c.mu.Lock()
		c.calls = append(c.calls, realtime.ToolCall{ID: ev.CallID, Name: ev.Name, Args: args(ev.Arguments)})
		c.mu.Unlock()
	case "response.done":
		c.mu.Lock()
		calls := c.calls
		c.active, c.calls = false, nil
		c.mu.Unlock()
		if len(calls) > 0 && ev.Response.Status == "completed" {
			emit(realtime.ToolCalls{Calls: calls})
		}
		emit(realtime.ResponseDone{Status: ev.Response.Status})
	case "error":
		emit(realtime.ServerError{Code: ev.Error.Code, Message: ev.Error.Message})
	}
	return nil
}

func args(s string) json.RawMessage {
	if s == "" {
		return json.RawMessage("{}")
	}
	return json.RawMessage(s)
}
