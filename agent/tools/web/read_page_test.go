package web_test

import (
	"bytes"
	"flag"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestReadPageGolden: an article page with site chrome comes back as the
// article alone, in Markdown.
func TestReadPageGolden(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "article.html"))
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := server(t, page("text/html; charset=utf-8", src))
	out := mustRun(t, toolNamed(t, loopback, "read_page"), map[string]string{"url": srv.URL + "/techniques/starter"})
	out = strings.ReplaceAll(out, srv.URL, "https://kitchen.example") + "\n"
	golden := filepath.Join("testdata", "article.golden.md")
	if *update {
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("read_page differs from %s (go test -update to accept):\n%s", golden, out)
	}
	for _, gone := range []string{"Popular posts", "sourdough kit", "newsletter", "Mine died", "dataLayer"} {
		if strings.Contains(out, gone) {
			t.Errorf("boilerplate %q kept", gone)
		}
	}
}

// TestReadPageFallbacks: pages without an article and plain text still
// come back readable.
func TestReadPageFallbacks(t *testing.T) {
	tests := []struct{ contentType, body, want string }{
		{"text/html", "<html><body><p>Short note.</p></body></html>", "Short note."},
		{"text/plain", "plain words", "plain words"},
		{"text/plain", "<!DOCTYPE html><html><body><p>Mislabelled page.</p></body></html>", "Mislabelled page."},
	}
	for _, tt := range tests {
		srv, _ := server(t, page(tt.contentType, []byte(tt.body)))
		out := mustRun(t, toolNamed(t, loopback, "read_page"), map[string]string{"url": srv.URL})
		if !strings.Contains(out, tt.want) || strings.Contains(out, "<p>") {
			t.Errorf("%s %q: %q", tt.contentType, tt.body, out)
		}
	}
}

// bigArticle is a page of about 200 KB: the test article with its body
// repeated.
func bigArticle(b testing.TB) []byte {
	src, err := os.ReadFile(filepath.Join("testdata", "article.html"))
	if err != nil {
		b.Fatal(err)
	}
	start := bytes.Index(src, []byte("<h2>Feeding</h2>"))
	end := bytes.Index(src, []byte("<div class=\"share-buttons\">"))
	var out bytes.Buffer
	out.Write(src[:end])
	for out.Len() < 200<<10 {
		out.Write(src[start:end])
	}
	out.Write(src[end:])
	return out.Bytes()
}

func BenchmarkReadPage200KB(b *testing.B) {
	body := bigArticle(b)
	srv, _ := server(b, http.HandlerFunc(page("text/html; charset=utf-8", body)))
	tl := toolNamed(b, loopback, "read_page")
	args := map[string]string{"url": srv.URL}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		mustRun(b, tl, args)
	}
}

// TestConcurrentReads: the tools are marked concurrency-safe; run them
// side by side (under -race this checks the shared converter).
func TestConcurrentReads(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "article.html"))
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := server(t, page("text/html; charset=utf-8", src))
	var wg sync.WaitGroup
	for i := range 8 {
		name := []string{"read_page", "web_fetch", "page_metadata", "extract_links"}[i%4]
		tl := toolNamed(t, loopback, name)
		wg.Go(func() {
			if out, err := run(t, tl, map[string]string{"url": srv.URL}); err != nil || !strings.Contains(out, "Slow Kitchen") {
				t.Errorf("%s: %v %.100q", name, err, out)
			}
		})
	}
	wg.Wait()
}
