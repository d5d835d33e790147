package web_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/tools/web"
)

// TestRefusesLocalAddresses: with the default config, local and private
// addresses are refused before any connection is made.
func TestRefusesLocalAddresses(t *testing.T) {
	srv, conns := server(t, page("text/plain", []byte("secret")))
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	tests := []struct{ url, shows string }{
		{"http://10.0.0.1/", "(10.0.0.1)"},
		{"http://169.254.169.254/latest/meta-data/", "(169.254.169.254)"},
		{"http://[::1]:" + itoa(port) + "/", "(::1)"},
		{"http://127.0.0.1:" + itoa(port) + "/", "(127.0.0.1)"},
		{"http://localhost:" + itoa(port) + "/", "(127.0.0.1)"}, // refused at dial time, after DNS
		{"http://0x7f000001:" + itoa(port) + "/", ""},           // odd spellings never connect either
	}
	for _, name := range []string{"web_fetch", "read_page", "page_metadata", "extract_links", "http_fetch"} {
		tl := toolNamed(t, web.Config{}, name)
		for _, tt := range tests {
			start := time.Now()
			_, err := run(t, tl, map[string]any{"url": tt.url})
			if name == "web_fetch" {
				t.Logf("%s: %v", tt.url, err)
			}
			if err == nil {
				t.Fatalf("%s %s: fetched", name, tt.url)
			}
			if tt.shows != "" && (!errors.Is(err, web.ErrLocalAddress) || !strings.Contains(err.Error(), tt.shows)) {
				t.Errorf("%s %s: %v, want ErrLocalAddress naming %s", name, tt.url, err, tt.shows)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("%s %s took %v", name, tt.url, d)
			}
		}
	}
	if n := conns.Load(); n != 0 {
		t.Errorf("the local server saw %d connections", n)
	}
}

// TestGuardsGivenClient: a client passed in Config keeps the dial-time
// guard, and its proxy is not used.
func TestGuardsGivenClient(t *testing.T) {
	srv, conns := server(t, page("text/plain", []byte("secret")))
	proxy, proxied := server(t, page("text/plain", []byte("via proxy")))
	proxyURL, _ := url.Parse(proxy.URL)
	cfg := web.Config{Client: &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(proxyURL)}}}
	host := strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)
	_, err := run(t, toolNamed(t, cfg, "web_fetch"), map[string]string{"url": host})
	if !errors.Is(err, web.ErrLocalAddress) || conns.Load()+proxied.Load() != 0 {
		t.Errorf("given client: %v; server saw %d, proxy %d connections", err, conns.Load(), proxied.Load())
	}
}

func TestRedirects(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/ok", page("text/plain", []byte("arrived")))
	mux.Handle("/to-ok", http.RedirectHandler("/ok", http.StatusFound))
	mux.Handle("/r1", http.RedirectHandler("/r2", http.StatusFound))
	mux.Handle("/r2", http.RedirectHandler("/r3", http.StatusMovedPermanently))
	mux.Handle("/r3", http.RedirectHandler("http://10.0.0.1/admin", http.StatusFound))
	mux.Handle("/metadata", http.RedirectHandler("http://169.254.169.254/latest/meta-data/", http.StatusTemporaryRedirect))
	mux.Handle("/file", http.RedirectHandler("file:///etc/passwd", http.StatusFound))
	mux.Handle("/ftp", http.RedirectHandler("ftp://example.com/x", http.StatusFound))
	mux.HandleFunc("/loop/", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Path+"x", http.StatusFound)
	})
	srv, _ := server(t, mux)
	tl := toolNamed(t, loopback, "web_fetch")
	if out := mustRun(t, tl, map[string]string{"url": srv.URL + "/to-ok"}); !strings.Contains(out, "arrived") || !strings.Contains(out, "/ok") {
		t.Errorf("followed redirect: %q", out)
	}
	tests := []struct {
		path  string
		is    error
		shows string
	}{
		{"/r1", web.ErrLocalAddress, "10.0.0.1"},
		{"/metadata", web.ErrLocalAddress, "169.254.169.254"},
		{"/file", web.ErrRedirect, "file:"},
		{"/ftp", web.ErrRedirect, "ftp:"},
		{"/loop/", web.ErrRedirect, "more than 5"},
	}
	for _, tt := range tests {
		out, err := run(t, tl, map[string]string{"url": srv.URL + tt.path})
		t.Logf("%s: %v", tt.path, err)
		if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.shows) {
			t.Errorf("%s: %q, %v; want %v naming %q", tt.path, out, err, tt.is, tt.shows)
		}
		if err != nil && strings.Contains(err.Error(), "root:") {
			t.Errorf("%s: leaked a local file: %v", tt.path, err)
		}
	}
}

func TestUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, err = run(t, toolNamed(t, loopback, "web_fetch"), map[string]string{"url": "http://" + addr + "/"})
	if err == nil || !strings.Contains(err.Error(), "connection refused") || !strings.Contains(err.Error(), "nothing is answering") {
		t.Errorf("closed port: %v", err)
	}
}

// TestHonoursCancel: a server that never answers does not hold the call
// past its context.
func TestHonoursCancel(t *testing.T) {
	release := make(chan struct{})
	srv, _ := server(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer close(release)
	tl := toolNamed(t, loopback, "web_fetch")
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := tl.Run(ctx, []byte(`{"url":"`+srv.URL+`"}`))
	if err == nil || time.Since(start) > 3*time.Second {
		t.Fatalf("hanging server: %v after %v", err, time.Since(start))
	}
	if !strings.Contains(err.Error(), "too long") {
		t.Errorf("timeout error: %v", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
