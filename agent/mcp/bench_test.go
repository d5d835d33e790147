package mcp

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

// benchCall measures one kin tool call through the Manager to a real
// server and reports the median as p50-ns/op beside the mean.
func benchCall(b *testing.B, cfg ServerConfig, tool string, args json.RawMessage) {
	var r reports
	var log syncBuffer
	m := Start(context.Background(), Config{Servers: map[string]ServerConfig{"b": cfg}}, fastOptions(&r, &log))
	defer m.Close()
	var tl *tools.Tool
	deadline := time.Now().Add(20 * time.Second)
	for tl == nil && time.Now().Before(deadline) {
		tl = findTool(m, ToolName("b", tool))
		time.Sleep(5 * time.Millisecond)
	}
	if tl == nil {
		b.Fatalf("the server never became ready: %+v", m.Status())
	}
	ctx := context.Background()
	took := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for b.Loop() {
		t0 := time.Now()
		if _, err := tl.Call(ctx, args); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "p50-ns/op")
}

func BenchmarkCallStdio(b *testing.B) {
	benchCall(b, child(b, "tools", nil), "echo", json.RawMessage(`{"message":"hi"}`))
}

func BenchmarkCallHTTP(b *testing.B) {
	srv, _, _ := httpPeer(b, "")
	benchCall(b, ServerConfig{Type: HTTP, URL: srv.URL}, "add", json.RawMessage(`{"A":1,"B":2}`))
}

// BenchmarkCallKinServerHTTP goes through both halves of this package:
// the Manager as client, kin's own Server behind its token.
func BenchmarkCallKinServerHTTP(b *testing.B) {
	srv := httptest.NewServer(NewServer(fakeKin(nil)).Handler("tok"))
	defer srv.Close()
	benchCall(b, ServerConfig{Type: HTTP, URL: srv.URL, Headers: map[string]string{"Authorization": "Bearer tok"}},
		"get_datetime", json.RawMessage(`{}`))
}
