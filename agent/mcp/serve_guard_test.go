package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"
)

// TestServeStdioSurvivesBadLines: a line that is not JSON, or JSON that is
// not a JSON-RPC message, gets the JSON-RPC error reply (-32700, -32600)
// and the session goes on to answer the request after it.
func TestServeStdioSurvivesBadLines(t *testing.T) {
	s := NewServer(fakeKin(nil))
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(ctx, inR, outW) }()
	go func() {
		for _, line := range []string{
			`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
			`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
			`garbage{`,
			`{"id":7,"method":"tools/list"}`,
			`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		} {
			io.WriteString(inW, line+"\n")
		}
	}()
	type reply struct {
		ID    json.RawMessage `json:"id"`
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
		Result *struct {
			Tools []any `json:"tools"`
		} `json:"result"`
	}
	got := make(chan []reply, 1)
	go func() {
		var rs []reply
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<22)
		for sc.Scan() {
			var r reply
			if json.Unmarshal(sc.Bytes(), &r) == nil {
				rs = append(rs, r)
			}
			if len(rs) == 4 {
				break
			}
		}
		got <- rs
	}()
	var rs []reply
	select {
	case rs = <-got:
	case err := <-done:
		t.Fatalf("the server stopped: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("no four replies in 10 s")
	}
	byID := map[string]reply{} // the guard's replies and the SDK's may come in either order
	for _, r := range rs {
		byID[strings.TrimSpace(string(r.ID))] = r
	}
	for _, w := range []struct {
		id   string
		code int
	}{{"1", 0}, {"null", rpcParseError}, {"7", rpcInvalidRequest}, {"2", 0}} {
		r, ok := byID[w.id]
		code := 0
		if ok && r.Error != nil {
			code = r.Error.Code
		}
		if !ok || code != w.code {
			t.Errorf("reply to id %s: %v, error code %d; want code %d", w.id, ok, code, w.code)
		}
	}
	if r := byID["2"]; r.Result == nil || len(r.Result.Tools) == 0 {
		t.Errorf("tools/list after the bad lines: %+v", r)
	}
	inW.Close()
}
