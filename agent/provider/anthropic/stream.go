package anthropic

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/kin-companion/kin/agent/llm"
)

// stream reads the SSE events one by one: text_delta goes to OnText at
// once, input_json_delta fragments are joined per content block. A stream
// that ends, even cleanly, before message_stop is a dropped connection
// ([llm.ErrDropped]): its text and half-sent calls are not a reply.
func (p *Provider) stream(ctx context.Context, req *llm.Request, params anthropic.MessageNewParams) (*llm.Response, error) {
	s := p.client.Messages.NewStreaming(ctx, params)
	defer s.Close()
	out := &llm.Response{}
	type pending struct {
		call llm.ToolCall
		args strings.Builder
	}
	calls := map[int64]*pending{}
	var order []int64
	var text strings.Builder
	stopped := false
	for s.Next() {
		ev := s.Current()
		switch ev.Type {
		case "message_start":
			out.Usage.Input = int(ev.Message.Usage.InputTokens)
		case "content_block_start":
			if ev.ContentBlock.Type == "tool_use" {
				calls[ev.Index] = &pending{call: llm.ToolCall{ID: ev.ContentBlock.ID, Name: ev.ContentBlock.Name}}
				order = append(order, ev.Index)
			}
		case "content_block_delta":
			switch ev.Delta.Type {
			case "text_delta":
				text.WriteString(ev.Delta.Text)
				req.Text(ev.Delta.Text)
			case "input_json_delta":
				if c := calls[ev.Index]; c != nil {
					c.args.WriteString(ev.Delta.PartialJSON)
				}
			}
		case "message_delta":
			out.Stop = string(ev.Delta.StopReason)
			out.Usage.Output = int(ev.Usage.OutputTokens)
		case "message_stop":
			stopped = true
		}
	}
	if err := s.Err(); err != nil {
		return nil, mapError(err)
	}
	if !stopped {
		return nil, fmt.Errorf("anthropic: the stream ended without message_stop: %w", llm.ErrDropped)
	}
	out.Text = text.String()
	for _, i := range order {
		c := calls[i]
		c.call.Args = json.RawMessage(c.args.String())
		if strings.TrimSpace(c.args.String()) == "" {
			c.call.Args = json.RawMessage("{}")
		}
		out.Calls = append(out.Calls, c.call)
	}
	return out, nil
}

// retryAfter reads a Retry-After header in seconds.
func retryAfter(h http.Header) time.Duration {
	if n, err := strconv.Atoi(h.Get("Retry-After")); err == nil && n > 0 {
		return time.Duration(n) * time.Second
	}
	return 0
}
