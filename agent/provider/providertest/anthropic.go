//lint:file-ignore ST1005 the fakes reproduce the real servers' error messages verbatim

package providertest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/llm"
)

// NewAnthropic starts a fake of POST /v1/messages. BaseURL is the server
// root (the SDK adds v1/messages).
func NewAnthropic(t testing.TB, respond Respond) *Server {
	s := newServer(t, respond, serveAnthropic)
	s.BaseURL = s.URL
	return s
}

type aBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   json.RawMessage `json:"content,omitempty"`
	IsError   bool            `json:"is_error,omitempty"`
	Source    *struct {
		Type      string `json:"type"`
		MediaType string `json:"media_type"`
		Data      string `json:"data"`
	} `json:"source,omitempty"`
}

type aRequest struct {
	Model     string          `json:"model"`
	MaxTokens int             `json:"max_tokens"`
	Stream    bool            `json:"stream"`
	System    json.RawMessage `json:"system"`
	Messages  []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Name        string          `json:"name"`
		InputSchema json.RawMessage `json:"input_schema"`
	} `json:"tools"`
	ToolChoice *struct {
		Type string `json:"type"`
	} `json:"tool_choice"`
}

func anthropicError(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("request-id", "req_fake")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"type":"error","error":{"type":%q,"message":%q}}`, typ, msg)
}

func anthropicErrorType(status int) string {
	switch {
	case status == 429:
		return "rate_limit_error"
	case status == 401:
		return "authentication_error"
	case status == 529:
		return "overloaded_error"
	case status >= 500:
		return "api_error"
	}
	return "invalid_request_error"
}

func serveAnthropic(s *Server, w http.ResponseWriter, r *http.Request) {
	if serveAnthropicModels(s, w, r) {
		return
	}
	if r.Method != http.MethodPost || r.URL.Path != "/v1/messages" {
		anthropicError(w, 404, "not_found_error", "Not found: "+r.URL.Path)
		return
	}
	if r.Header.Get("x-api-key") == "" {
		anthropicError(w, 401, "authentication_error", "x-api-key header is required")
		return
	}
	if r.Header.Get("anthropic-version") != "2023-06-01" || !strings.HasPrefix(r.Header.Get("content-type"), "application/json") {
		anthropicError(w, 400, "invalid_request_error", "anthropic-version 2023-06-01 and a JSON body are required")
		return
	}
	var req aRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		anthropicError(w, 400, "invalid_request_error", "invalid JSON body: "+err.Error())
		return
	}
	seen, err := decodeAnthropic(&req)
	seen.Path, seen.Header = r.URL.Path, r.Header.Clone()
	reply := s.record(seen)
	if err != nil {
		anthropicError(w, 400, "invalid_request_error", err.Error())
		return
	}
	if reply.Status != 0 {
		if reply.Status == 429 {
			w.Header().Set("retry-after", "0")
		}
		anthropicError(w, reply.Status, anthropicErrorType(reply.Status), reply.Error)
		return
	}
	n := len(s.Seen())
	if reply.Hang && (reply.Text == "" || !req.Stream) {
		s.hang(r)
		return
	}
	if req.Stream {
		streamAnthropic(s, w, r, reply, n)
		return
	}
	var content []aBlock
	if reply.Text != "" {
		content = append(content, aBlock{Type: "text", Text: reply.Text})
	}
	for i, c := range reply.Calls {
		content = append(content, aBlock{Type: "tool_use", ID: callID("toolu_", c, n, i), Name: c.Name, Input: json.RawMessage(c.Args)})
	}
	body := map[string]any{"id": fmt.Sprintf("msg_%d", n), "type": "message", "role": "assistant", "model": req.Model,
		"content": content, "stop_reason": stopReason(reply), "stop_sequence": nil,
		"usage": map[string]int{"input_tokens": 20, "output_tokens": 10}}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(body)
}

func stopReason(r Reply) string {
	if len(r.Calls) > 0 {
		return "tool_use"
	}
	return "end_turn"
}

// decodeAnthropic checks the request as the API does and converts it.
func decodeAnthropic(req *aRequest) (Seen, error) {
	seen := Seen{Stream: req.Stream}
	if req.ToolChoice != nil {
		seen.ToolChoice = req.ToolChoice.Type
	}
	for _, t := range req.Tools {
		seen.Tools = append(seen.Tools, t.Name)
	}
	if len(req.System) > 0 {
		if err := json.Unmarshal(req.System, &seen.System); err != nil {
			var blocks []aBlock
			if err := json.Unmarshal(req.System, &blocks); err != nil {
				return seen, fmt.Errorf("system: must be a string or an array of text blocks")
			}
			for _, b := range blocks {
				seen.System += b.Text
			}
		}
	}
	if req.Model == "" || req.MaxTokens <= 0 {
		return seen, fmt.Errorf("model and max_tokens: Field required")
	}
	if len(req.Messages) == 0 || req.Messages[0].Role != "user" {
		return seen, fmt.Errorf("messages: the first message must use the \"user\" role")
	}
	var open []string // tool_use ids awaiting results
	for i, m := range req.Messages {
		blocks, err := anthropicBlocks(m.Content)
		if err != nil {
			return seen, fmt.Errorf("messages.%d.content: %v", i, err)
		}
		msg, ids, answered, err := anthropicMessage(m.Role, blocks)
		if err != nil {
			return seen, fmt.Errorf("messages.%d.content: %v", i, err)
		}
		for _, r := range msg.Results {
			seen.Images = append(seen.Images, r.Images...)
		}
		if len(open) > 0 && !sameSet(open, answered) {
			return seen, fmt.Errorf("messages.%d: `tool_use` ids were found without `tool_result` blocks immediately after: %s. Each `tool_use` block must have a corresponding `tool_result` block in the next message.", i-1, strings.Join(open, ", "))
		}
		if len(open) == 0 && len(answered) > 0 {
			return seen, fmt.Errorf("messages.%d.content.0: unexpected `tool_use_id` found in `tool_result` blocks: %s. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.", i, answered[0])
		}
		open = ids
		seen.Messages = append(seen.Messages, msg)
	}
	if len(open) > 0 {
		return seen, fmt.Errorf("messages: `tool_use` ids were found without `tool_result` blocks immediately after: %s", strings.Join(open, ", "))
	}
	return seen, nil
}

// anthropicBlocks accepts a string or an array of blocks.
func anthropicBlocks(raw json.RawMessage) ([]aBlock, error) {
	var text string
	if json.Unmarshal(raw, &text) == nil {
		return []aBlock{{Type: "text", Text: text}}, nil
	}
	var blocks []aBlock
	if err := json.Unmarshal(raw, &blocks); err != nil {
		return nil, fmt.Errorf("must be a string or an array of content blocks")
	}
	return blocks, nil
}

func anthropicMessage(role string, blocks []aBlock) (m llm.Message, ids, answered []string, err error) {
	m.Role = llm.Role(role)
	for _, b := range blocks {
		switch b.Type {
		case "text":
			m.Text += b.Text
		case "tool_use":
			m.Calls = append(m.Calls, llm.ToolCall{ID: b.ID, Name: b.Name, Args: b.Input})
			ids = append(ids, b.ID)
		case "tool_result":
			content, _ := anthropicBlocks(b.Content)
			res := llm.ToolResult{CallID: b.ToolUseID, IsError: b.IsError}
			for _, c := range content {
				res.Content += c.Text
				if c.Type == "image" {
					if c.Source == nil || c.Source.Type != "base64" {
						return m, nil, nil, fmt.Errorf("image.source: Field required (type base64)")
					}
					img, err := decodeImage(c.Source.MediaType, c.Source.Data)
					if err != nil {
						return m, nil, nil, err
					}
					res.Images = append(res.Images, img)
				}
			}
			m.Role = llm.Tool
			m.Results = append(m.Results, res)
			answered = append(answered, b.ToolUseID)
		}
	}
	return m, ids, answered, nil
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[string]bool{}
	for _, x := range a {
		in[x] = true
	}
	for _, x := range b {
		if !in[x] {
			return false
		}
	}
	return true
}

func streamAnthropic(s *Server, w http.ResponseWriter, r *http.Request, reply Reply, n int) {
	f := sseHeaders(w)
	event := func(name string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
		if f != nil {
			f.Flush()
		}
	}
	event("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": fmt.Sprintf("msg_%d", n), "type": "message", "role": "assistant", "content": []any{}, "model": "claude-x",
		"stop_reason": nil, "stop_sequence": nil, "usage": map[string]int{"input_tokens": 20, "output_tokens": 1}}})
	event("ping", map[string]string{"type": "ping"})
	index := 0
	if reply.Text != "" {
		event("content_block_start", map[string]any{"type": "content_block_start", "index": index,
			"content_block": map[string]string{"type": "text", "text": ""}})
		for _, part := range chunks(reply.Text, 6) {
			event("content_block_delta", map[string]any{"type": "content_block_delta", "index": index,
				"delta": map[string]string{"type": "text_delta", "text": part}})
			if reply.Hang {
				s.hang(r)
				return
			}
		}
		event("content_block_stop", map[string]any{"type": "content_block_stop", "index": index})
		index++
	}
	for i, c := range reply.Calls {
		event("content_block_start", map[string]any{"type": "content_block_start", "index": index,
			"content_block": map[string]any{"type": "tool_use", "id": callID("toolu_", c, n, i), "name": c.Name, "input": map[string]any{}}})
		for _, part := range chunks(c.Args, 5) {
			event("content_block_delta", map[string]any{"type": "content_block_delta", "index": index,
				"delta": map[string]string{"type": "input_json_delta", "partial_json": part}})
		}
		event("content_block_stop", map[string]any{"type": "content_block_stop", "index": index})
		index++
	}
	event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stopReason(reply), "stop_sequence": nil}, "usage": map[string]int{"output_tokens": 10}})
	event("message_stop", map[string]string{"type": "message_stop"})
}
