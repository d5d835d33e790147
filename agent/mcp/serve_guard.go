package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"sync"
)

// JSON-RPC's error codes for a line that is not a request.
const (
	rpcParseError     = -32700
	rpcInvalidRequest = -32600
)

// guardLines copies the newline-delimited messages read from in to the
// returned reader, for the SDK's transport, and answers each line that is
// not JSON (a parse error) or not a JSON-RPC 2.0 message (an invalid
// request) itself on out, as JSON-RPC asks, instead of passing it on: the
// SDK would end the session on it, losing the replies to what came before.
// out must be shared with the transport only through the returned writer,
// which writes a message at a time.
func guardLines(in io.Reader, out io.Writer) (io.ReadCloser, io.Writer) {
	w := &lockedWriter{w: out}
	pr, pw := io.Pipe()
	go func() {
		r := bufio.NewReader(in)
		for {
			line, err := r.ReadBytes('\n')
			if msg := bytes.TrimSpace(line); len(msg) > 0 {
				if code, id, bad := badMessage(msg); bad {
					w.Write(rpcError(code, id))
				} else if _, werr := pw.Write(append(msg, '\n')); werr != nil {
					return // the transport is closed
				}
			}
			if err != nil {
				if errors.Is(err, io.EOF) {
					err = nil
				}
				pw.CloseWithError(err)
				return
			}
		}
	}()
	return pr, w
}

// badMessage reports whether msg is no JSON-RPC message (a batch, an array,
// passes), with the error code to answer and the id to answer to.
func badMessage(msg []byte) (code int, id json.RawMessage, bad bool) {
	if !json.Valid(msg) {
		return rpcParseError, nil, true
	}
	if msg[0] == '[' {
		return 0, nil, false
	}
	var head struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
	}
	if msg[0] != '{' || json.Unmarshal(msg, &head) != nil || head.JSONRPC != "2.0" {
		return rpcInvalidRequest, head.ID, true
	}
	return 0, nil, false
}

// rpcError is the JSON-RPC error response line for code, to request id
// (null when unknown).
func rpcError(code int, id json.RawMessage) []byte {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	text := "Parse error: the line is not JSON"
	if code == rpcInvalidRequest {
		text = `Invalid Request: not a JSON-RPC 2.0 message ("jsonrpc": "2.0")`
	}
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": text}})
	return append(b, '\n')
}

// lockedWriter writes each Write whole, one at a time.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
