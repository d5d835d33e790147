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

// Flavor selects which OpenAI-compatible server [NewOpenAI] imitates.
type Flavor int

// Flavours: OpenAI itself streams each call's arguments in fragments after a
// first delta with id and name; Ollama sends each call whole in one delta,
// the finish_reason in a chunk of its own, and ignores tool_choice; LM
// Studio streams like OpenAI. Each also lists its models as the real server
// does (see models.go).
const (
	OpenAI Flavor = iota
	Ollama
	LMStudio
	// OllamaCloud is ollama.com: Ollama's behaviour, but every endpoint
	// wants `Authorization: Bearer OLLAMA_API_KEY`.
	OllamaCloud
)

// ollama reports whether the flavour behaves as Ollama does.
func (f Flavor) ollama() bool { return f == Ollama || f == OllamaCloud }

// NewOpenAI starts a fake of POST /v1/chat/completions. BaseURL ends in /v1/.
func NewOpenAI(t testing.TB, respond Respond, flavor Flavor) *Server {
	s := newServer(t, respond, func(s *Server, w http.ResponseWriter, r *http.Request) { serveOpenAI(s, w, r, flavor) })
	s.BaseURL = s.URL + "/v1/"
	return s
}

type oToolCall struct {
	Index    *int   `json:"index,omitempty"`
	ID       string `json:"id,omitempty"`
	Type     string `json:"type,omitempty"`
	Function struct {
		Name      string `json:"name,omitempty"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

type oRequest struct {
	Model    string `json:"model"`
	Stream   bool   `json:"stream"`
	Messages []struct {
		Role       string          `json:"role"`
		Content    json.RawMessage `json:"content"`
		ToolCalls  []oToolCall     `json:"tool_calls"`
		ToolCallID string          `json:"tool_call_id"`
	} `json:"messages"`
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	} `json:"tools"`
	ToolChoice    json.RawMessage `json:"tool_choice"`
	StreamOptions struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
}

func openAIError(w http.ResponseWriter, status int, msg string) {
	typ, code := "invalid_request_error", "null"
	switch {
	case status == 429:
		typ, code = "requests", `"rate_limit_exceeded"`
	case status == 401:
		code = `"invalid_api_key"`
	case status >= 500:
		typ = "server_error"
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	m, _ := json.Marshal(msg)
	fmt.Fprintf(w, `{"error":{"message":%s,"type":%q,"param":null,"code":%s}}`, m, typ, code)
}

func serveOpenAI(s *Server, w http.ResponseWriter, r *http.Request, flavor Flavor) {
	if r.Method == http.MethodGet && serveModels(s, w, r, flavor) {
		return
	}
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		unknownEndpoint(w, r, flavor)
		return
	}
	if !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
		openAIError(w, 401, "You didn't provide an API key.")
		return
	}
	var req oRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		openAIError(w, 400, "We could not parse the JSON body of your request: "+err.Error())
		return
	}
	seen, err := decodeOpenAI(&req, flavor)
	seen.Path, seen.Header, seen.Query = r.URL.Path, r.Header.Clone(), r.URL.Query()
	if o, ok := r.Context().Value(originKey{}).(*http.Request); ok { // as the client sent it (Azure)
		seen.Path, seen.Header, seen.Query = o.URL.Path, o.Header.Clone(), o.URL.Query()
	}
	reply := s.record(seen)
	if err != nil {
		openAIError(w, 400, err.Error())
		return
	}
	if reply.Status != 0 {
		openAIError(w, reply.Status, reply.Error)
		return
	}
	n := len(s.Seen())
	if reply.Hang && (reply.Text == "" || !req.Stream) {
		s.hang(r)
		return
	}
	if req.Stream {
		streamOpenAI(s, w, r, reply, n, flavor, req.StreamOptions.IncludeUsage)
		return
	}
	msg := map[string]any{"role": "assistant", "content": nil}
	if reply.Text != "" {
		msg["content"] = reply.Text
	}
	var calls []oToolCall
	for i, c := range reply.Calls {
		tc := oToolCall{ID: callID("call_", c, n, i), Type: "function"}
		tc.Function.Name, tc.Function.Arguments = c.Name, c.Args
		calls = append(calls, tc)
	}
	if len(calls) > 0 {
		msg["tool_calls"] = calls
	}
	body := map[string]any{"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion", "created": 1, "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finishReason(reply)}},
		"usage":   map[string]int{"prompt_tokens": 20, "completion_tokens": 10, "total_tokens": 30}}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(body)
}

func finishReason(r Reply) string {
	if len(r.Calls) > 0 {
		return "tool_calls"
	}
	return "stop"
}

func decodeOpenAI(req *oRequest, flavor Flavor) (Seen, error) {
	seen := Seen{Stream: req.Stream}
	if !flavor.ollama() && len(req.ToolChoice) > 0 {
		_ = json.Unmarshal(req.ToolChoice, &seen.ToolChoice)
	}
	for _, t := range req.Tools {
		seen.Tools = append(seen.Tools, t.Function.Name)
	}
	if req.Model == "" {
		return seen, fmt.Errorf("you must provide a model parameter")
	}
	var open []string
	for i, m := range req.Messages {
		text, images, err := openAIContent(m.Content)
		if err != nil {
			return seen, fmt.Errorf("Invalid type for 'messages[%d].content': %v", i, err)
		}
		if len(open) > 0 && m.Role != "tool" {
			return seen, fmt.Errorf("An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: %s", strings.Join(open, ", "))
		}
		switch m.Role {
		case "system", "developer":
			seen.System += text
		case "user":
			seen.Messages = append(seen.Messages, llm.Message{Role: llm.User, Text: text})
			seen.Images = append(seen.Images, images...)
		case "assistant":
			am := llm.Message{Role: llm.Assistant, Text: text}
			for _, tc := range m.ToolCalls {
				am.Calls = append(am.Calls, llm.ToolCall{ID: tc.ID, Name: tc.Function.Name, Args: json.RawMessage(tc.Function.Arguments)})
				open = append(open, tc.ID)
			}
			seen.Messages = append(seen.Messages, am)
		case "tool":
			if len(images) > 0 {
				return seen, fmt.Errorf("Invalid 'messages[%d]'. Image URLs are only allowed for messages with role 'user', but this message with role 'tool' contains an image URL.", i)
			}
			k := indexOf(open, m.ToolCallID)
			if k < 0 {
				return seen, fmt.Errorf("Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.")
			}
			open = append(open[:k], open[k+1:]...)
			last := &seen.Messages[len(seen.Messages)-1]
			if last.Role != llm.Tool {
				seen.Messages = append(seen.Messages, llm.Message{Role: llm.Tool})
				last = &seen.Messages[len(seen.Messages)-1]
			}
			last.Results = append(last.Results, llm.ToolResult{CallID: m.ToolCallID, Content: text})
		default:
			return seen, fmt.Errorf("Invalid value: '%s'. Supported values are: 'system', 'assistant', 'user', 'tool', 'developer'.", m.Role)
		}
	}
	if len(open) > 0 {
		return seen, fmt.Errorf("An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: %s", strings.Join(open, ", "))
	}
	return seen, nil
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

// openAIText accepts a string, null, or an array of text parts.
// openAIContent reads a message's content: a string, or text and
// image_url parts (images as data: URLs).
func openAIContent(raw json.RawMessage) (string, []llm.Image, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil, nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil, nil
	}
	var parts []struct {
		Type, Text string
		ImageURL   *struct {
			URL string `json:"url"`
		} `json:"image_url"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", nil, fmt.Errorf("expected a string or an array of content parts")
	}
	var images []llm.Image
	for _, p := range parts {
		s += p.Text
		if p.Type != "image_url" {
			continue
		}
		if p.ImageURL == nil {
			return "", nil, fmt.Errorf("image_url part without image_url")
		}
		mediaType, data, ok := strings.Cut(strings.TrimPrefix(p.ImageURL.URL, "data:"), ";base64,")
		if !ok {
			return "", nil, fmt.Errorf("image_url must be a data: URL with base64 data here")
		}
		img, err := decodeImage(mediaType, data)
		if err != nil {
			return "", nil, err
		}
		images = append(images, img)
	}
	return s, images, nil
}

// streamOpenAI streams reply; with usage (stream_options.include_usage)
// a last chunk with no choices carries the token counts, as OpenAI sends it.
func streamOpenAI(s *Server, w http.ResponseWriter, r *http.Request, reply Reply, n int, flavor Flavor, usage bool) {
	f := sseHeaders(w)
	chunk := func(delta map[string]any, finish any) {
		b, _ := json.Marshal(map[string]any{"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion.chunk", "created": 1,
			"model": "m", "choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}})
		fmt.Fprintf(w, "data: %s\n\n", b)
		if f != nil {
			f.Flush()
		}
	}
	first := true
	role := func(d map[string]any) map[string]any {
		if first {
			d["role"] = "assistant"
			first = false
		}
		return d
	}
	for _, part := range chunks(reply.Text, 6) {
		chunk(role(map[string]any{"content": part}), nil)
		if reply.Hang {
			s.hang(r)
			return
		}
	}
	for i, c := range reply.Calls {
		idx := i
		head := oToolCall{Index: &idx, ID: callID("call_", c, n, i), Type: "function"}
		head.Function.Name = c.Name
		if flavor.ollama() {
			head.Function.Arguments = c.Args
			chunk(role(map[string]any{"content": "", "tool_calls": []oToolCall{head}}), nil)
			continue
		}
		chunk(role(map[string]any{"tool_calls": []oToolCall{head}}), nil)
		for _, part := range chunks(c.Args, 5) {
			tc := oToolCall{Index: &idx}
			tc.Function.Arguments = part
			chunk(map[string]any{"tool_calls": []oToolCall{tc}}, nil)
		}
	}
	chunk(map[string]any{}, finishReason(reply))
	if usage {
		b, _ := json.Marshal(map[string]any{"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion.chunk", "created": 1,
			"model": "m", "choices": []any{}, "usage": map[string]int{"prompt_tokens": 20, "completion_tokens": 10, "total_tokens": 30}})
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
	if f != nil {
		f.Flush()
	}
}
