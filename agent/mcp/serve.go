package mcp

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServeStdio serves one client speaking over in and out (kin's stdin and
// stdout for `kin mcp serve`) until the client hangs up or ctx ends; both
// count as a normal end and return nil. A line that is not a JSON-RPC
// message gets an error reply and the session goes on (see guardLines).
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	r, w := guardLines(in, out)
	defer r.Close()
	t := &sdk.IOTransport{Reader: r, Writer: nopWriteCloser{w}}
	err := s.srv.Run(ctx, t)
	if err == nil || ctx.Err() != nil || errors.Is(err, io.EOF) || errors.Is(err, sdk.ErrConnectionClosed) {
		return nil
	}
	return fmt.Errorf("kin's MCP server stopped talking to its client: %w", err)
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// sessionIdle is how long an HTTP client may stay silent before its
// session is dropped (it then starts a new one).
const sessionIdle = time.Hour

// Handler serves MCP over streamable HTTP. Every request must carry
// `Authorization: Bearer TOKEN`; others get 401 Unauthorized. Requests
// through localhost with a foreign Host header are refused (DNS rebinding).
func (s *Server) Handler(token string) http.Handler {
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.srv },
		&sdk.StreamableHTTPOptions{SessionTimeout: sessionIdle})
	return bearer(token, h)
}

// bearer lets through requests carrying the token, compared in constant
// time. An empty token lets nothing through.
func bearer(token string, next http.Handler) http.Handler {
	want := []byte(token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || len(want) == 0 || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="kin"`)
			http.Error(w, "kin: this MCP server needs the token from kin's mcp-token file (Authorization: Bearer TOKEN)", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}
