// Package anthropic is kin's [llm.Provider] for the Anthropic Messages API,
// through the official anthropic-sdk-go. Streaming reads the SSE events
// itself, so a malformed input_json fragment reaches the runtime's repair
// pass instead of failing the turn.
package anthropic

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"

	"github.com/kin-companion/kin/agent/llm"
)

// DefaultModel is used when Config.Model is empty.
const DefaultModel = "claude-sonnet-4-5"

// Config configures a [Provider].
type Config struct {
	APIKey     string
	Model      string
	BaseURL    string       // default https://api.anthropic.com/; tests point it at a fake
	MaxTokens  int          // default 1024
	HTTPClient *http.Client // optional
}

// Provider talks to the Messages API. The SDK's own retries are off:
// [llm.WithRetry] owns backoff.
type Provider struct {
	client anthropic.Client
	model  string
	max    int
}

// New returns a provider for cfg.
func New(cfg Config) *Provider {
	opts := []option.RequestOption{option.WithAPIKey(cfg.APIKey), option.WithMaxRetries(0)}
	if cfg.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(cfg.BaseURL))
	}
	if cfg.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(cfg.HTTPClient))
	}
	p := &Provider{client: anthropic.NewClient(opts...), model: cfg.Model, max: cfg.MaxTokens}
	if p.model == "" {
		p.model = DefaultModel
	}
	if p.max <= 0 {
		p.max = 1024
	}
	return p
}

// Name implements llm.Provider.
func (p *Provider) Name() string { return "anthropic/" + p.model }

// Complete implements llm.Provider.
func (p *Provider) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	params := p.params(req)
	if req.Stream {
		return p.stream(ctx, req, params)
	}
	msg, err := p.client.Messages.New(ctx, params)
	if err != nil {
		return nil, mapError(err)
	}
	out := &llm.Response{Stop: string(msg.StopReason),
		Usage: llm.Usage{Input: int(msg.Usage.InputTokens), Output: int(msg.Usage.OutputTokens)}}
	for _, b := range msg.Content {
		switch b.Type {
		case "text":
			out.Text += b.Text
		case "tool_use":
			out.Calls = append(out.Calls, llm.ToolCall{ID: b.ID, Name: b.Name, Args: b.Input})
		}
	}
	return out, nil
}

func (p *Provider) params(req *llm.Request) anthropic.MessageNewParams {
	max := p.max
	if req.MaxTokens > 0 {
		max = req.MaxTokens
	}
	params := anthropic.MessageNewParams{Model: anthropic.Model(p.model), MaxTokens: int64(max),
		Messages: messages(req.Messages)}
	if req.System != "" {
		params.System = []anthropic.TextBlockParam{{Text: req.System}}
	}
	if req.Temperature != nil {
		params.Temperature = anthropic.Float(*req.Temperature)
	}
	for _, t := range req.Tools {
		params.Tools = append(params.Tools, anthropic.ToolUnionParam{OfTool: toolParam(t)})
	}
	if len(req.Tools) > 0 {
		if req.ToolChoice == llm.ChoiceNone {
			params.ToolChoice = anthropic.ToolChoiceUnionParam{OfNone: &anthropic.ToolChoiceNoneParam{}}
		} else {
			params.ToolChoice = anthropic.ToolChoiceUnionParam{OfAuto: &anthropic.ToolChoiceAutoParam{}}
		}
	}
	return params
}

func toolParam(t llm.ToolSpec) *anthropic.ToolParam {
	var schema struct {
		Properties any      `json:"properties"`
		Required   []string `json:"required"`
	}
	_ = json.Unmarshal(t.Schema, &schema)
	if schema.Properties == nil {
		schema.Properties = map[string]any{}
	}
	return &anthropic.ToolParam{Name: t.Name, Description: anthropic.String(t.Description),
		InputSchema: anthropic.ToolInputSchemaParam{Properties: schema.Properties, Required: schema.Required}}
}

// messages maps the history: tool messages become user messages of
// tool_result blocks, as the API requires.
func messages(in []llm.Message) []anthropic.MessageParam {
	out := make([]anthropic.MessageParam, 0, len(in))
	for _, m := range in {
		var blocks []anthropic.ContentBlockParamUnion
		switch m.Role {
		case llm.Assistant:
			if m.Text != "" {
				blocks = append(blocks, anthropic.NewTextBlock(m.Text))
			}
			for _, c := range m.Calls {
				blocks = append(blocks, anthropic.NewToolUseBlock(c.ID, validJSON(c.Args), c.Name))
			}
			out = append(out, anthropic.NewAssistantMessage(blocks...))
		case llm.Tool:
			for _, r := range m.Results {
				blocks = append(blocks, toolResult(r))
			}
			out = append(out, anthropic.NewUserMessage(blocks...))
		default:
			out = append(out, anthropic.NewUserMessage(anthropic.NewTextBlock(m.Text)))
		}
	}
	return out
}

// toolResult is a tool_result block: the text, then the tool's pictures as
// base64 image blocks.
func toolResult(r llm.ToolResult) anthropic.ContentBlockParamUnion {
	b := anthropic.NewToolResultBlock(r.CallID, r.Content, r.IsError)
	for _, img := range r.Images {
		b.OfToolResult.Content = append(b.OfToolResult.Content, anthropic.ToolResultBlockParamContentUnion{
			OfImage: &anthropic.ImageBlockParam{Source: anthropic.ImageBlockParamSourceUnion{
				OfBase64: &anthropic.Base64ImageSourceParam{Data: base64.StdEncoding.EncodeToString(img.Data),
					MediaType: anthropic.Base64ImageSourceMediaType(img.MediaType)}}}})
	}
	return b
}

// validJSON returns args, or {} when they are not a JSON object, so an
// unrepaired call never breaks the next request.
func validJSON(args json.RawMessage) json.RawMessage {
	s := strings.TrimSpace(string(args))
	if strings.HasPrefix(s, "{") && json.Valid(args) {
		return args
	}
	return json.RawMessage("{}")
}

// mapError turns an SDK error into an *llm.APIError with a sentinel kind.
func mapError(err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var ae *anthropic.Error
	if !errors.As(err, &ae) {
		return err
	}
	var body struct {
		Error struct{ Type, Message string } `json:"error"`
	}
	_ = json.Unmarshal([]byte(ae.RawJSON()), &body)
	out := &llm.APIError{Provider: "anthropic", Status: ae.StatusCode, Type: body.Error.Type, Message: body.Error.Message}
	if out.Message == "" {
		out.Message = ae.Error()
	}
	out.Kind = kindOfType(body.Error.Type)
	if out.Kind == nil {
		out.Kind = llm.KindOf(ae.StatusCode)
	}
	if ae.Response != nil {
		out.RetryAfter = retryAfter(ae.Response.Header)
	}
	return out
}

func kindOfType(t string) error {
	switch t {
	case "rate_limit_error":
		return llm.ErrRateLimited
	case "overloaded_error", "api_error", "timeout_error":
		return llm.ErrUnavailable
	case "authentication_error", "permission_error", "billing_error":
		return llm.ErrAuth
	case "invalid_request_error", "not_found_error", "request_too_large":
		return llm.ErrBadRequest
	}
	return nil
}
