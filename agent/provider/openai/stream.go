package openai

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3"

	"github.com/kin-companion/kin/agent/llm"
)

// stream joins chunk deltas: the first delta of each call carries its id
// and name, later ones only its index and argument fragments (Ollama sends
// the whole call in one delta, which the same code handles). A stream that
// ends, even cleanly, before a finish_reason is a dropped connection
// ([llm.ErrDropped]): its text and half-sent calls are not a reply.
func (p *Provider) stream(ctx context.Context, req *llm.Request, params openai.ChatCompletionNewParams) (*llm.Response, error) {
	params.StreamOptions = openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)}
	if p.cfg.Label != "openai" {
		params.StreamOptions = openai.ChatCompletionStreamOptionsParam{} // not every server knows it
	}
	s := p.client.Chat.Completions.NewStreaming(ctx, params)
	defer s.Close()
	type pending struct {
		call llm.ToolCall
		args strings.Builder
	}
	calls := map[int64]*pending{}
	var order []int64
	var text strings.Builder
	out := &llm.Response{}
	for s.Next() {
		ch := s.Current()
		if ch.Usage.TotalTokens > 0 {
			out.Usage = llm.Usage{Input: int(ch.Usage.PromptTokens), Output: int(ch.Usage.CompletionTokens)}
		}
		if len(ch.Choices) == 0 {
			continue
		}
		c := ch.Choices[0]
		if c.Delta.Content != "" {
			text.WriteString(c.Delta.Content)
			req.Text(c.Delta.Content)
		}
		for _, tc := range c.Delta.ToolCalls {
			pc := calls[tc.Index]
			if pc == nil {
				pc = &pending{}
				calls[tc.Index] = pc
				order = append(order, tc.Index)
			}
			if tc.ID != "" {
				pc.call.ID = tc.ID
			}
			if tc.Function.Name != "" {
				pc.call.Name = tc.Function.Name
			}
			pc.args.WriteString(tc.Function.Arguments)
		}
		if c.FinishReason != "" {
			out.Stop = c.FinishReason
		}
	}
	if err := s.Err(); err != nil {
		return nil, p.mapError(err)
	}
	if out.Stop == "" {
		return nil, fmt.Errorf("%s: the stream ended without a finish_reason: %w", p.cfg.Label, llm.ErrDropped)
	}
	out.Text = text.String()
	for _, i := range order {
		pc := calls[i]
		pc.call.Args = json.RawMessage(pc.args.String())
		if strings.TrimSpace(pc.args.String()) == "" {
			pc.call.Args = json.RawMessage("{}")
		}
		out.Calls = append(out.Calls, pc.call)
	}
	return out, nil
}
