package provider

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/provider/anthropic"
	"github.com/kin-companion/kin/agent/provider/gemini"
	"github.com/kin-companion/kin/agent/provider/openai"
)

// FuzzStream feeds arbitrary bytes as a streamed reply to each provider's
// SSE decoder: it must end in a reply or in a sentence (a *llm.Fault or
// *llm.CutOff), never a panic or a hang.
func FuzzStream(f *testing.F) {
	f.Add(uint8(0), "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: [DONE]\n\n")
	f.Add(uint8(0), "data: {not json\n\n")
	f.Add(uint8(1), "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hi\"}}\n\n")
	f.Add(uint8(1), "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}\n\n")
	f.Add(uint8(2), "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Hi\"}]}}]}\n\n")
	f.Add(uint8(2), "data: {\"error\":{\"code\":500}}\n\n")
	var body atomic.Pointer[string]
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write([]byte(*body.Load()))
	}))
	defer srv.Close()
	providers := fuzzProviders(f, srv.URL)
	f.Fuzz(func(t *testing.T, which uint8, b string) {
		body.Store(&b) // the fuzzer runs one input at a time per process
		p := llm.WithRetry(providers[int(which)%len(providers)], llm.RetryPolicy{Attempts: 2, Timeout: 2 * time.Second,
			Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }})
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, err := p.Complete(ctx, &llm.Request{Messages: []llm.Message{{Role: llm.User, Text: "hi"}}, Stream: true})
		var fault *llm.Fault
		var cut *llm.CutOff
		if err != nil && !errors.As(err, &fault) && !errors.As(err, &cut) {
			t.Fatalf("%s: error %T %q is not a sentence", p.Name(), err, err)
		}
		if err != nil && strings.Contains(err.Error(), "invalid character") {
			t.Fatalf("%s: the sentence leaks the decoder: %q", p.Name(), err)
		}
	})
}

func fuzzProviders(f *testing.F, url string) []llm.Provider {
	g, err := gemini.New(context.Background(), gemini.Config{APIKey: "k", Model: "g", BaseURL: url + "/"})
	if err != nil {
		f.Fatal(err)
	}
	return []llm.Provider{
		openai.New(openai.Config{APIKey: "k", Model: "m", BaseURL: url + "/v1/"}),
		anthropic.New(anthropic.Config{APIKey: "k", Model: "c", BaseURL: url + "/"}),
		g,
	}
}

// FuzzBaseURL: any address either passes or is refused with a
// configuration sentence that quotes it; never a panic.
func FuzzBaseURL(f *testing.F) {
	for _, s := range []string{"http://127.0.0.1:/v1", "http://127.0.0.1:11434/v1", "https://[::1]:8080", "http://%zz", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		err := checkBaseURL(raw, "test")
		if err != nil && (!errors.Is(err, llm.ErrConfig) || !strings.Contains(err.Error(), "write it like")) {
			t.Fatalf("%q: %v", raw, err)
		}
	})
}
