package openaitest

import (
	"encoding/base64"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// startResponse begins streaming a reply to turn n (−1: not a scripted turn);
// userItem is the committed speech the reply answers ("" for none).
func (c *conn) startResponse(n int, turn Turn, userItem string, outOfBand bool) {
	r := &response{id: c.id("resp"), cancel: make(chan string, 1), done: make(chan struct{})}
	c.mu.Lock()
	if c.resp != nil {
		c.mu.Unlock()
		return
	}
	c.resp = r
	c.mu.Unlock()
	go c.stream(r, n, turn, userItem, outOfBand)
}

// cancelResponse cancels the active response and waits until its response.done is
// out; it reports whether one was active.
func (c *conn) cancelResponse(reason string, _ bool) bool {
	c.mu.Lock()
	r := c.resp
	c.mu.Unlock()
	if r == nil {
		return false
	}
	select {
	case r.cancel <- reason:
	default:
	}
	<-r.done
	return true
}

func (c *conn) finish(r *response, status, reason string, output []map[string]any) {
	c.mu.Lock()
	if c.resp == r {
		c.resp = nil
	}
	c.mu.Unlock()
	var details any
	if reason != "" {
		details = map[string]any{"type": status, "reason": reason}
	}
	c.send(map[string]any{"type": "response.done", "response": map[string]any{
		"object": "realtime.response", "id": r.id, "status": status, "status_details": details,
		"output": output, "usage": map[string]any{"total_tokens": 10, "input_tokens": 6, "output_tokens": 4}}})
}

func (c *conn) stream(r *response, n int, turn Turn, userItem string, outOfBand bool) {
	defer close(r.done)
	conversation := "auto"
	if outOfBand {
		conversation = "none"
	}
	c.send(map[string]any{"type": "response.created", "response": map[string]any{"object": "realtime.response",
		"id": r.id, "status": "in_progress", "conversation_id": conversation, "output": []any{}}})
	if userItem != "" && turn.Heard != "" { // transcription arrives asynchronously
		c.send(map[string]any{"type": "conversation.item.input_audio_transcription.completed",
			"item_id": userItem, "content_index": 0, "transcript": turn.Heard})
	}
	if turn.Call != nil {
		c.streamCall(r, n, turn)
		return
	}
	item := c.id("item")
	base := map[string]any{"response_id": r.id, "item_id": item, "output_index": 0, "content_index": 0}
	with := func(typ string, kv ...any) map[string]any {
		ev := map[string]any{"type": typ}
		for k, v := range base {
			ev[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			ev[kv[i].(string)] = kv[i+1]
		}
		return ev
	}
	msg := map[string]any{"id": item, "object": "realtime.item", "type": "message", "role": "assistant", "status": "in_progress", "content": []any{}}
	c.send(map[string]any{"type": "response.output_item.added", "response_id": r.id, "output_index": 0, "item": msg})
	c.send(with("response.content_part.added", "part", map[string]any{"type": "output_audio", "transcript": ""}))
	pcm := turn.Audio
	if pcm == nil {
		pcm = ToneFor(turn.Say)
	}
	words := strings.Fields(turn.Say)
	chunks := max(1, (len(pcm)+deltaSamples-1)/deltaSamples)
	for i := 0; i < chunks; i++ {
		select {
		case reason := <-r.cancel:
			msg["status"] = "incomplete"
			c.send(map[string]any{"type": "response.output_item.done", "response_id": r.id, "output_index": 0, "item": msg})
			c.finish(r, "cancelled", reason, []map[string]any{msg})
			return
		default:
		}
		part := pcm[min(i*deltaSamples, len(pcm)):min((i+1)*deltaSamples, len(pcm))]
		c.mu.Lock()
		c.sent[item] += len(part)
		c.mu.Unlock()
		c.send(with("response.output_audio.delta", "delta", base64.StdEncoding.EncodeToString(audio.Bytes(part))))
		w := words[min(i*len(words)/chunks, len(words)):min((i+1)*len(words)/chunks, len(words))]
		if len(w) > 0 {
			c.send(with("response.output_audio_transcript.delta", "delta", strings.Join(w, " ")+" "))
		}
		if c.s.DeltaEvery > 0 {
			select {
			case reason := <-r.cancel:
				r.cancel <- reason // handled at the top of the loop
			case <-time.After(c.s.DeltaEvery):
			}
		}
	}
	c.send(with("response.output_audio.done"))
	c.send(with("response.output_audio_transcript.done", "transcript", turn.Say))
	c.send(with("response.content_part.done", "part", map[string]any{"type": "output_audio", "transcript": turn.Say}))
	msg["status"] = "completed"
	msg["content"] = []any{map[string]any{"type": "output_audio", "transcript": turn.Say}}
	c.send(map[string]any{"type": "response.output_item.done", "response_id": r.id, "output_index": 0, "item": msg})
	c.finish(r, "completed", "", []map[string]any{msg})
	if n >= 0 && !outOfBand && c.s.OnReplyDone != nil {
		c.s.OnReplyDone(n)
	}
}

// streamCall sends a function call reply and waits for its output.
func (c *conn) streamCall(r *response, n int, turn Turn) {
	item, call := c.id("fc"), c.id("call")
	fc := map[string]any{"id": item, "object": "realtime.item", "type": "function_call", "status": "in_progress",
		"call_id": call, "name": turn.Call.Name, "arguments": ""}
	c.send(map[string]any{"type": "response.output_item.added", "response_id": r.id, "output_index": 0, "item": fc})
	c.send(map[string]any{"type": "response.function_call_arguments.delta", "response_id": r.id, "item_id": item,
		"output_index": 0, "call_id": call, "delta": turn.Call.Args})
	c.send(map[string]any{"type": "response.function_call_arguments.done", "response_id": r.id, "item_id": item,
		"output_index": 0, "call_id": call, "name": turn.Call.Name, "arguments": turn.Call.Args})
	fc["status"], fc["arguments"] = "completed", turn.Call.Args
	c.send(map[string]any{"type": "response.output_item.done", "response_id": r.id, "output_index": 0, "item": fc})
	c.mu.Lock()
	t := turn
	c.awaiting, c.awaitN, c.callID = &t, n, call
	c.mu.Unlock()
	c.finish(r, "completed", "", []map[string]any{fc})
}
