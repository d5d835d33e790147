// Package gemini is kin's [llm.Provider] for the Gemini generateContent API
// through google.golang.org/genai. Function-call parts keep their
// thoughtSignature, which is echoed back unchanged as the API requires.
package gemini

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/http"
	"strings"
	"sync/atomic"

	"google.golang.org/genai"

	"github.com/kin-companion/kin/agent/llm"
)

// DefaultModel is used when Config.Model is empty.
const DefaultModel = "gemini-2.5-flash"

// Config configures a [Provider].
type Config struct {
	APIKey     string
	Model      string
	BaseURL    string // default https://generativelanguage.googleapis.com/
	MaxTokens  int
	HTTPClient *http.Client
}

// Provider talks to generateContent / streamGenerateContent.
type Provider struct {
	client *genai.Client
	cfg    Config
}

// New returns a provider for cfg.
func New(ctx context.Context, cfg Config) (*Provider, error) {
	if cfg.Model == "" {
		cfg.Model = DefaultModel
	}
	cc := &genai.ClientConfig{APIKey: cfg.APIKey, Backend: genai.BackendGeminiAPI, HTTPClient: cfg.HTTPClient}
	if cfg.BaseURL != "" {
		cc.HTTPOptions = genai.HTTPOptions{BaseURL: cfg.BaseURL, APIVersion: "v1beta"}
	}
	c, err := genai.NewClient(ctx, cc)
	if err != nil {
		return nil, fmt.Errorf("gemini: %w", err)
	}
	return &Provider{client: c, cfg: cfg}, nil
}

// Name implements llm.Provider.
func (p *Provider) Name() string { return "gemini/" + p.cfg.Model }

// Complete implements llm.Provider.
func (p *Provider) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	contents, config := p.request(req)
	if !req.Stream {
		r, err := p.client.Models.GenerateContent(ctx, p.cfg.Model, contents, config)
		if err != nil {
			return nil, mapError(err)
		}
		out := &llm.Response{}
		add(out, r, nil)
		return out, nil
	}
	return collect(req, p.client.Models.GenerateContentStream(ctx, p.cfg.Model, contents, config))
}

// collect folds a stream into one reply. A stream that ends, even cleanly,
// before a finishReason (or a prompt's blockReason) is a dropped connection
// ([llm.ErrDropped]): its text and calls so far are not a reply.
func collect(req *llm.Request, seq iter.Seq2[*genai.GenerateContentResponse, error]) (*llm.Response, error) {
	out := &llm.Response{}
	for r, err := range seq {
		if err != nil {
			return nil, mapError(err)
		}
		add(out, r, req)
	}
	if out.Stop == "" {
		return nil, fmt.Errorf("gemini: the stream ended without a finishReason: %w", llm.ErrDropped)
	}
	return out, nil
}

// add folds one (possibly partial) response into out.
func add(out *llm.Response, r *genai.GenerateContentResponse, req *llm.Request) {
	if r.UsageMetadata != nil {
		out.Usage = llm.Usage{Input: int(r.UsageMetadata.PromptTokenCount), Output: int(r.UsageMetadata.CandidatesTokenCount)}
	}
	if pf := r.PromptFeedback; pf != nil && pf.BlockReason != "" { // a refused prompt: no candidates follow
		out.Stop = string(pf.BlockReason)
	}
	if len(r.Candidates) == 0 {
		return
	}
	c := r.Candidates[0]
	if c.FinishReason != "" { // the last chunk may carry no content (MAX_TOKENS, SAFETY)
		out.Stop = string(c.FinishReason)
	}
	if c.Content == nil {
		return
	}
	for _, part := range c.Content.Parts {
		switch {
		case part.FunctionCall != nil:
			args, _ := json.Marshal(part.FunctionCall.Args)
			if part.FunctionCall.Args == nil {
				args = []byte("{}")
			}
			id := part.FunctionCall.ID
			if id == "" {
				id = fmt.Sprintf("%s%d", genID, callSeq.Add(1))
			}
			out.Calls = append(out.Calls, llm.ToolCall{ID: id, Name: part.FunctionCall.Name, Args: args, Signature: part.ThoughtSignature})
		case part.Text != "" && !part.Thought:
			out.Text += part.Text
			if req != nil {
				req.Text(part.Text)
			}
		}
	}
}

func (p *Provider) request(req *llm.Request) ([]*genai.Content, *genai.GenerateContentConfig) {
	config := &genai.GenerateContentConfig{}
	if req.System != "" {
		config.SystemInstruction = genai.NewContentFromText(req.System, genai.RoleUser)
	}
	max := p.cfg.MaxTokens
	if req.MaxTokens > 0 {
		max = req.MaxTokens
	}
	config.MaxOutputTokens = int32(max)
	if req.Temperature != nil {
		t := float32(*req.Temperature)
		config.Temperature = &t
	}
	if len(req.Tools) > 0 {
		var decls []*genai.FunctionDeclaration
		for _, t := range req.Tools {
			var schema map[string]any
			_ = json.Unmarshal(t.Schema, &schema)
			decls = append(decls, &genai.FunctionDeclaration{Name: t.Name, Description: t.Description, ParametersJsonSchema: schema})
		}
		config.Tools = []*genai.Tool{{FunctionDeclarations: decls}}
		mode := genai.FunctionCallingConfigModeAuto
		if req.ToolChoice == llm.ChoiceNone {
			mode = genai.FunctionCallingConfigModeNone
		}
		config.ToolConfig = &genai.ToolConfig{FunctionCallingConfig: &genai.FunctionCallingConfig{Mode: mode}}
	}
	return contents(req.Messages), config
}

func contents(in []llm.Message) []*genai.Content {
	out := make([]*genai.Content, 0, len(in))
	for _, m := range in {
		switch m.Role {
		case llm.Assistant:
			c := &genai.Content{Role: genai.RoleModel}
			if m.Text != "" {
				c.Parts = append(c.Parts, &genai.Part{Text: m.Text})
			}
			for _, call := range m.Calls {
				var args map[string]any
				if json.Unmarshal(call.Args, &args) != nil {
					args = map[string]any{}
				}
				c.Parts = append(c.Parts, &genai.Part{ThoughtSignature: call.Signature,
					FunctionCall: &genai.FunctionCall{ID: callID(call.ID), Name: call.Name, Args: args}})
			}
			out = append(out, c)
		case llm.Tool:
			c := &genai.Content{Role: genai.RoleUser}
			for _, r := range m.Results {
				key := "result"
				if r.IsError {
					key = "error"
				}
				c.Parts = append(c.Parts, &genai.Part{FunctionResponse: &genai.FunctionResponse{
					ID: callID(r.CallID), Name: r.Name, Response: map[string]any{key: r.Content}}})
				for _, img := range r.Images { // pictures go beside the response
					c.Parts = append(c.Parts, &genai.Part{InlineData: &genai.Blob{MIMEType: img.MediaType, Data: img.Data}})
				}
			}
			out = append(out, c)
		default:
			out = append(out, genai.NewContentFromText(m.Text, genai.RoleUser))
		}
	}
	return out
}

// genID prefixes the ids kin makes up for calls that came without one
// (the Gemini API does not always send ids); callID drops them again.
const genID = "kin-call-"

var callSeq atomic.Int64

func callID(id string) string {
	if strings.HasPrefix(id, genID) {
		return ""
	}
	return id
}

func mapError(err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var ae genai.APIError
	if !errors.As(err, &ae) {
		var pe *genai.APIError
		if !errors.As(err, &pe) {
			return err
		}
		ae = *pe
	}
	kind := llm.KindOf(ae.Code)
	switch ae.Status {
	case "RESOURCE_EXHAUSTED":
		kind = llm.ErrRateLimited
	case "UNAVAILABLE", "INTERNAL", "DEADLINE_EXCEEDED":
		kind = llm.ErrUnavailable
	case "INVALID_ARGUMENT", "FAILED_PRECONDITION", "NOT_FOUND":
		kind = llm.ErrBadRequest
	case "UNAUTHENTICATED", "PERMISSION_DENIED":
		kind = llm.ErrAuth
	}
	return &llm.APIError{Provider: "gemini", Status: ae.Code, Type: ae.Status, Message: ae.Message, Kind: kind}
}
