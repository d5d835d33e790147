// Package openai is kin's [llm.Provider] for the OpenAI Chat Completions API
// and every server that speaks it — Ollama, Ollama Cloud, LM Studio,
// OpenRouter, vLLM — through the official openai-go SDK with a
// configurable base URL, and for Azure OpenAI through the SDK's azure
// options (deployment paths, api-version, api-key).
package openai

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/azure"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/shared"

	"github.com/kin-companion/kin/agent/llm"
)

// DefaultModel is used when Config.Model is empty.
const DefaultModel = "gpt-4o-mini"

// Config configures a [Provider].
type Config struct {
	Label      string // name shown to the user: "openai", "ollama", "lmstudio"…; default "openai"
	APIKey     string // required by the SDK; local servers ignore it
	Model      string
	BaseURL    string // e.g. http://127.0.0.1:11434/v1/; default the SDK's (OPENAI_BASE_URL or api.openai.com)
	MaxTokens  int
	HTTPClient *http.Client
	// NoToolChoice omits tool_choice, which Ollama does not support.
	NoToolChoice bool
	// Azure, when set, talks to Azure OpenAI through the SDK's azure
	// options: BaseURL is ignored, Model is the deployment and APIKey goes
	// in the api-key header.
	Azure *Azure
}

// Azure is an Azure OpenAI resource.
type Azure struct {
	Endpoint   string // https://RESOURCE.openai.azure.com
	APIVersion string // e.g. 2024-10-21
}

// Provider talks to a Chat Completions endpoint. The SDK's retries are off.
type Provider struct {
	client openai.Client
	cfg    Config
}

// New returns a provider for cfg.
func New(cfg Config) *Provider {
	if cfg.Label == "" {
		cfg.Label = "openai"
	}
	if cfg.Model == "" {
		cfg.Model = DefaultModel
	}
	if cfg.APIKey == "" {
		cfg.APIKey = "unused" // local servers want some key
	}
	var opts []option.RequestOption
	if cfg.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(cfg.HTTPClient))
	}
	switch {
	case cfg.Azure != nil:
		opts = append(opts, azure.WithEndpoint(cfg.Azure.Endpoint, cfg.Azure.APIVersion), azure.WithAPIKey(cfg.APIKey))
		if loopbackHTTP(cfg.Azure.Endpoint) { // a local emulator or a test; never a real resource
			opts = append(opts, azure.WithUnsafeAllowHTTP())
		}
	default:
		opts = append(opts, option.WithAPIKey(cfg.APIKey))
		if cfg.BaseURL != "" {
			opts = append(opts, option.WithBaseURL(cfg.BaseURL))
		}
	}
	opts = append(opts, option.WithMaxRetries(0))
	return &Provider{client: openai.NewClient(opts...), cfg: cfg}
}

// loopbackHTTP reports whether endpoint is plain HTTP on this machine.
func loopbackHTTP(endpoint string) bool {
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme != "http" {
		return false
	}
	if u.Hostname() == "localhost" {
		return true
	}
	ip := net.ParseIP(u.Hostname())
	return ip != nil && ip.IsLoopback()
}

// Name implements llm.Provider.
func (p *Provider) Name() string { return p.cfg.Label + "/" + p.cfg.Model }

// Complete implements llm.Provider.
func (p *Provider) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	params := p.params(req)
	if req.Stream {
		return p.stream(ctx, req, params)
	}
	cc, err := p.client.Chat.Completions.New(ctx, params)
	if err != nil {
		return nil, p.mapError(err)
	}
	out := &llm.Response{Usage: llm.Usage{Input: int(cc.Usage.PromptTokens), Output: int(cc.Usage.CompletionTokens)}}
	if len(cc.Choices) == 0 {
		return out, nil
	}
	ch := cc.Choices[0]
	out.Text, out.Stop = ch.Message.Content, ch.FinishReason
	for _, tc := range ch.Message.ToolCalls {
		out.Calls = append(out.Calls, llm.ToolCall{ID: tc.ID, Name: tc.Function.Name, Args: json.RawMessage(tc.Function.Arguments)})
	}
	return out, nil
}

func (p *Provider) params(req *llm.Request) openai.ChatCompletionNewParams {
	params := openai.ChatCompletionNewParams{Model: shared.ChatModel(p.cfg.Model), Messages: messages(req)}
	max := p.cfg.MaxTokens
	if req.MaxTokens > 0 {
		max = req.MaxTokens
	}
	if max > 0 {
		params.MaxTokens = openai.Int(int64(max))
	}
	if req.Temperature != nil {
		params.Temperature = openai.Float(*req.Temperature)
	}
	for _, t := range req.Tools {
		var schema map[string]any
		_ = json.Unmarshal(t.Schema, &schema)
		params.Tools = append(params.Tools, openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
			Name: t.Name, Description: openai.String(t.Description), Parameters: schema}))
	}
	if len(req.Tools) > 0 && !p.cfg.NoToolChoice {
		choice := "auto"
		if req.ToolChoice == llm.ChoiceNone {
			choice = "none"
		}
		params.ToolChoice = openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: param.NewOpt(choice)}
	}
	return params
}

// messages maps the history; each tool result is its own "tool" message.
func messages(req *llm.Request) []openai.ChatCompletionMessageParamUnion {
	var out []openai.ChatCompletionMessageParamUnion
	if req.System != "" {
		out = append(out, openai.SystemMessage(req.System))
	}
	for _, m := range req.Messages {
		switch m.Role {
		case llm.Assistant:
			a := &openai.ChatCompletionAssistantMessageParam{}
			if m.Text != "" {
				a.Content.OfString = param.NewOpt(m.Text)
			}
			for _, c := range m.Calls {
				a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{
					OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{ID: c.ID,
						Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: c.Name, Arguments: argString(c.Args)}}})
			}
			out = append(out, openai.ChatCompletionMessageParamUnion{OfAssistant: a})
		case llm.Tool:
			var pictures []openai.ChatCompletionContentPartUnionParam
			for _, r := range m.Results {
				content := r.Content
				if r.IsError { // the protocol has no error flag
					content = "Error: " + content
				}
				if len(r.Images) > 0 {
					content += fmt.Sprintf("\n[%d picture(s) follow in the next message]", len(r.Images))
				}
				out = append(out, openai.ToolMessage(content, r.CallID))
				for _, img := range r.Images {
					pictures = append(pictures, openai.ImageContentPart(openai.ChatCompletionContentPartImageImageURLParam{
						URL: "data:" + img.MediaType + ";base64," + base64.StdEncoding.EncodeToString(img.Data)}))
				}
			}
			// Tool messages carry only text: pictures follow as a user message.
			if len(pictures) > 0 {
				parts := append([]openai.ChatCompletionContentPartUnionParam{openai.TextContentPart("(pictures returned by the tools above)")}, pictures...)
				out = append(out, openai.UserMessage(parts))
			}
		default:
			out = append(out, openai.UserMessage(m.Text))
		}
	}
	return out
}

func argString(args json.RawMessage) string {
	if s := strings.TrimSpace(string(args)); strings.HasPrefix(s, "{") && json.Valid(args) {
		return s
	}
	return "{}"
}

func (p *Provider) mapError(err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var ae *openai.Error
	if !errors.As(err, &ae) {
		return err
	}
	out := &llm.APIError{Provider: p.cfg.Label, Status: ae.StatusCode, Type: ae.Type, Message: ae.Message,
		Kind: llm.KindOf(ae.StatusCode)}
	if out.Type == "" {
		out.Type = ae.Code
	}
	if out.Message == "" {
		out.Message = strings.TrimSpace(ae.RawJSON())
	}
	if out.Kind == nil && strings.Contains(ae.Type+ae.Code, "rate_limit") {
		out.Kind = llm.ErrRateLimited
	}
	if ae.Response != nil {
		if n, err := strconv.Atoi(ae.Response.Header.Get("Retry-After")); err == nil && n > 0 {
			out.RetryAfter = time.Duration(n) * time.Second
		}
	}
	return out
}
