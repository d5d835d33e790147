//lint:file-ignore ST1005 the fakes reproduce the real servers' error messages verbatim

package providertest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/llm"
)

// NewGemini starts a fake of POST /v1beta/models/{model}:generateContent and
// :streamGenerateContent?alt=sse. Function-call parts carry a
// thoughtSignature the client must echo back unchanged. BaseURL is the root.
func NewGemini(t testing.TB, respond Respond) *Server {
	issued := &sigs{set: map[string]bool{}}
	s := newServer(t, respond, func(s *Server, w http.ResponseWriter, r *http.Request) { serveGemini(s, w, r, issued) })
	s.BaseURL = s.URL
	return s
}

type sigs struct {
	set map[string]bool // guarded by Server.mu
}

type gPart struct {
	Text         string `json:"text,omitempty"`
	Thought      bool   `json:"thought,omitempty"`
	FunctionCall *struct {
		ID   string         `json:"id,omitempty"`
		Name string         `json:"name"`
		Args map[string]any `json:"args"`
	} `json:"functionCall,omitempty"`
	FunctionResponse *struct {
		ID       string         `json:"id,omitempty"`
		Name     string         `json:"name"`
		Response map[string]any `json:"response"`
	} `json:"functionResponse,omitempty"`
	ThoughtSignature string `json:"thoughtSignature,omitempty"`
	InlineData       *struct {
		MimeType string `json:"mimeType"`
		Data     string `json:"data"`
	} `json:"inlineData,omitempty"`
}

type gRequest struct {
	Contents []struct {
		Role  string  `json:"role"`
		Parts []gPart `json:"parts"`
	} `json:"contents"`
	SystemInstruction *struct {
		Parts []gPart `json:"parts"`
	} `json:"systemInstruction"`
	Tools []struct {
		FunctionDeclarations []struct {
			Name string `json:"name"`
		} `json:"functionDeclarations"`
	} `json:"tools"`
	ToolConfig *struct {
		FunctionCallingConfig struct {
			Mode string `json:"mode"`
		} `json:"functionCallingConfig"`
	} `json:"toolConfig"`
}

func geminiError(w http.ResponseWriter, status int, msg string) {
	st := "INVALID_ARGUMENT"
	switch {
	case status == 429:
		st = "RESOURCE_EXHAUSTED"
	case status == 401 || status == 403:
		st = "PERMISSION_DENIED"
	case status == 404:
		st = "NOT_FOUND"
	case status == 503:
		st = "UNAVAILABLE"
	case status >= 500:
		st = "INTERNAL"
	}
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.WriteHeader(status)
	m, _ := json.Marshal(msg)
	fmt.Fprintf(w, `{"error":{"code":%d,"message":%s,"status":%q}}`, status, m, st)
}

func serveGemini(s *Server, w http.ResponseWriter, r *http.Request, issued *sigs) {
	if serveGeminiModels(s, w, r) {
		return
	}
	rest, ok := strings.CutPrefix(r.URL.Path, "/v1beta/models/")
	model, method, _ := strings.Cut(rest, ":")
	if !ok || r.Method != http.MethodPost || model == "" || (method != "generateContent" && method != "streamGenerateContent") {
		geminiError(w, 404, "Method not found: "+r.URL.Path)
		return
	}
	stream := method == "streamGenerateContent"
	if stream && r.URL.Query().Get("alt") != "sse" {
		geminiError(w, 400, "the fake only streams with alt=sse")
		return
	}
	if r.Header.Get("x-goog-api-key") == "" {
		geminiError(w, 403, "Method doesn't allow unregistered callers. Please use API Key or other form of API consumer identity to call this API.")
		return
	}
	var req gRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		geminiError(w, 400, "Invalid JSON payload received. "+err.Error())
		return
	}
	s.mu.Lock()
	seen, err := decodeGemini(&req, issued)
	s.mu.Unlock()
	seen.Path, seen.Header, seen.Stream = r.URL.Path, r.Header.Clone(), stream
	reply := s.record(seen)
	if err != nil {
		geminiError(w, 400, err.Error())
		return
	}
	if reply.Status != 0 {
		geminiError(w, reply.Status, reply.Error)
		return
	}
	n := len(s.Seen())
	var calls []map[string]any
	for i, c := range reply.Calls {
		var args map[string]any
		if err := json.Unmarshal([]byte(c.Args), &args); err != nil {
			panic("providertest: Gemini sends args as an object; the script's are not JSON: " + c.Args)
		}
		sig := base64.StdEncoding.EncodeToString(fmt.Appendf(nil, "sig-%d-%d", n, i))
		s.mu.Lock()
		issued.set[sig] = true
		s.mu.Unlock()
		calls = append(calls, map[string]any{"functionCall": map[string]any{"name": c.Name, "args": args}, "thoughtSignature": sig})
	}
	if reply.Hang && (reply.Text == "" || !stream) {
		s.hang(r)
		return
	}
	if !stream {
		var parts []any
		if reply.Text != "" {
			parts = append(parts, map[string]string{"text": reply.Text})
		}
		for _, c := range calls {
			parts = append(parts, c)
		}
		w.Header().Set("Content-Type", "application/json; charset=UTF-8")
		_ = json.NewEncoder(w).Encode(geminiResponse(parts, true))
		return
	}
	f := sseHeaders(w)
	send := func(parts []any, last bool) {
		b, _ := json.Marshal(geminiResponse(parts, last))
		fmt.Fprintf(w, "data: %s\r\n\r\n", b)
		if f != nil {
			f.Flush()
		}
	}
	pieces := chunks(reply.Text, 6)
	for i, p := range pieces {
		send([]any{map[string]string{"text": p}}, i == len(pieces)-1 && len(calls) == 0)
		if reply.Hang {
			s.hang(r)
			return
		}
	}
	if len(calls) > 0 {
		parts := make([]any, len(calls))
		for i, c := range calls {
			parts[i] = c
		}
		send(parts, true)
	} else if len(pieces) == 0 {
		send([]any{map[string]string{"text": ""}}, true)
	}
}

func geminiResponse(parts []any, last bool) map[string]any {
	cand := map[string]any{"content": map[string]any{"role": "model", "parts": parts}, "index": 0}
	out := map[string]any{"candidates": []any{cand}, "modelVersion": "gemini-fake", "responseId": "resp-1"}
	if last {
		cand["finishReason"] = "STOP"
		out["usageMetadata"] = map[string]int{"promptTokenCount": 20, "candidatesTokenCount": 10, "totalTokenCount": 30}
	}
	return out
}

func decodeGemini(req *gRequest, issued *sigs) (Seen, error) {
	var seen Seen
	if req.SystemInstruction != nil {
		for _, p := range req.SystemInstruction.Parts {
			seen.System += p.Text
		}
	}
	for _, t := range req.Tools {
		for _, d := range t.FunctionDeclarations {
			seen.Tools = append(seen.Tools, d.Name)
		}
	}
	if req.ToolConfig != nil {
		seen.ToolChoice = strings.ToLower(req.ToolConfig.FunctionCallingConfig.Mode)
	}
	if len(req.Contents) == 0 {
		return seen, fmt.Errorf("* GenerateContentRequest.contents: contents is not specified")
	}
	pending := 0
	for i, c := range req.Contents {
		m := llm.Message{Role: llm.User}
		if c.Role == "model" {
			m.Role = llm.Assistant
		}
		responses := 0
		for _, p := range c.Parts {
			switch {
			case p.FunctionCall != nil:
				if !issued.set[p.ThoughtSignature] {
					return seen, fmt.Errorf("Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `%s` , position %d.", p.FunctionCall.Name, i+1)
				}
				args, _ := json.Marshal(p.FunctionCall.Args)
				m.Calls = append(m.Calls, llm.ToolCall{ID: p.FunctionCall.ID, Name: p.FunctionCall.Name, Args: args})
			case p.FunctionResponse != nil:
				m.Role = llm.Tool
				res := llm.ToolResult{CallID: p.FunctionResponse.ID, Name: p.FunctionResponse.Name}
				if e, ok := p.FunctionResponse.Response["error"]; ok {
					res.Content, res.IsError = fmt.Sprint(e), true
				} else {
					res.Content = fmt.Sprint(p.FunctionResponse.Response["result"])
				}
				m.Results = append(m.Results, res)
				responses++
			case p.InlineData != nil:
				img, err := decodeImage(p.InlineData.MimeType, p.InlineData.Data)
				if err != nil {
					return seen, fmt.Errorf("* GenerateContentRequest.contents[%d].parts: %v", i, err)
				}
				seen.Images = append(seen.Images, img)
			default:
				m.Text += p.Text
			}
		}
		if pending > 0 && responses != pending {
			return seen, fmt.Errorf("Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.")
		}
		if pending == 0 && responses > 0 {
			return seen, fmt.Errorf("Please ensure that function response turn comes immediately after a function call turn.")
		}
		pending = len(m.Calls)
		seen.Messages = append(seen.Messages, m)
	}
	return seen, nil
}
