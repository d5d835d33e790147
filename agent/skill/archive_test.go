package skill

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// entry is one file of a test archive; link makes it a symlink to body.
type entry struct {
	name, body string
	mode       int64
	link       bool
}

var weatherArchive = []entry{
	{name: "weather/SKILL.md", body: "---\nname: weather\ndescription: Weather.\nversion: 1.0.0\nhandler: {run: bin/w}\n---\n", mode: 0o644},
	{name: "weather/bin/w", body: "#!/bin/sh\ncat >/dev/null\necho '{\"output\":\"sunny\",\"data\":{\"sky\":\"clear\"}}'\n", mode: 0o755},
}

func tarGz(t *testing.T, entries []entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Mode: e.mode, Size: int64(len(e.body)), Typeflag: tar.TypeReg}
		if e.link {
			h.Typeflag, h.Linkname, h.Size = tar.TypeSymlink, e.body, 0
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if !e.link {
			tw.Write([]byte(e.body))
		}
	}
	tw.Close()
	gz.Close()
	return buf.Bytes()
}

func zipped(t *testing.T, entries []entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		h.SetMode(os.FileMode(e.mode))
		if e.link {
			h.SetMode(os.ModeSymlink | 0o777)
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(e.body))
	}
	zw.Close()
	return buf.Bytes()
}

// TestArchives: both formats load as bundles (the program keeps its
// executable bit); traversal, links and oversized archives are refused and
// nothing lands outside the unpack folder.
func TestArchives(t *testing.T) {
	big := entry{name: "weather/big.bin", body: strings.Repeat("x", 4096), mode: 0o644}
	for _, c := range []struct {
		name    string
		entries []entry
		lim     Limits
		want    error  // errors.Is
		text    string // or a part of the message
	}{
		{name: "ok", entries: weatherArchive},
		{name: "traversal", entries: append(weatherArchive, entry{name: "../evil.sh", body: "x", mode: 0o755}), want: ErrUnsafePath},
		{name: "absolute", entries: append(weatherArchive, entry{name: "/tmp/evil.sh", body: "x", mode: 0o644}), want: ErrUnsafePath},
		{name: "link", entries: append(weatherArchive, entry{name: "weather/passwd", body: "/etc/passwd", link: true}), text: "is a link"},
		{name: "oversized unpacked", entries: append(weatherArchive, big), lim: Limits{Unpacked: 2048}, want: ErrTooLarge},
		{name: "oversized archive", entries: append(weatherArchive, big), lim: Limits{Archive: 64}, want: ErrTooLarge},
		{name: "too many files", entries: append(weatherArchive, big), lim: Limits{Files: 2}, want: ErrTooLarge},
		{name: "no SKILL.md", entries: []entry{{name: "x/readme.txt", body: "hi", mode: 0o644}}, text: "has no SKILL.md"},
	} {
		for _, kind := range []string{"tar.gz", "zip"} {
			t.Run(c.name+"/"+kind, func(t *testing.T) {
				dir := t.TempDir()
				data := tarGz(t, c.entries)
				if kind == "zip" {
					data = zipped(t, c.entries)
				}
				path := filepath.Join(dir, "sub", "weather."+kind)
				os.MkdirAll(filepath.Dir(path), 0o755)
				os.WriteFile(path, data, 0o644)
				s, problems := load(t, Config{Manifest: manifestOf(dir, "sub/weather."+kind), Limits: c.lim})
				if c.want == nil && c.text == "" {
					if len(problems) > 0 {
						t.Fatal(problems)
					}
					if out := call(t, s, nil, "weather", `{}`); out.Result.Content != "sunny" {
						t.Errorf("outcome %+v", out)
					}
					return
				}
				if len(problems) != 1 {
					t.Fatalf("problems %q", problems)
				}
				_, err := Load(context.Background(), Config{Manifest: manifestOf(dir, "sub/weather."+kind), Limits: c.lim})
				if c.want != nil && !errors.Is(err[0], c.want) || c.text != "" && !strings.Contains(err[0].Error(), c.text) {
					t.Errorf("error %v, want %v %q", err[0], c.want, c.text)
				}
				if _, err := os.Stat(filepath.Join(dir, "evil.sh")); err == nil {
					t.Error("an entry was written outside the unpack folder")
				}
			})
		}
	}
}

// TestHTTPSBundle: an https:// manifest entry is fetched through the
// injected client; a server error and an oversized download are reported.
func TestHTTPSBundle(t *testing.T) {
	archive := tarGz(t, weatherArchive)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/weather.tar.gz":
			w.Write(archive)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	m := manifestOf(t.TempDir(), srv.URL+"/weather.tar.gz", srv.URL+"/gone.zip", "ipfs://bafy/x", "http://127.0.0.1:1/x.zip")
	s, problems := load(t, Config{Manifest: m, HTTPClient: srv.Client(), Trust: TrustWhitelist, Whitelist: []string{srv.URL + "/weather.tar.gz/"}})
	if sk, ok := s.Get("weather"); !ok || sk.Source != srv.URL+"/weather.tar.gz" {
		t.Fatalf("weather not loaded from https: %q", problems)
	}
	if out := call(t, s, nil, "weather", `{}`); out.Result.Content != "sunny" {
		t.Errorf("outcome %+v", out)
	}
	for _, want := range []string{"the server answered 404", "no IPFS gateway is set up", "only over https"} {
		if !hasProblem(problems, want) {
			t.Errorf("no problem says %q: %q", want, problems)
		}
	}
	_, problems = load(t, Config{Manifest: manifestOf("", srv.URL+"/weather.tar.gz"), HTTPClient: srv.Client(), Limits: Limits{Archive: 100}})
	if !hasProblem(problems, "too large", "more than the 100 bytes allowed") {
		t.Errorf("oversized download: %q", problems)
	}
	dirs := s.fetch.tmp
	s.Close()
	for _, d := range dirs {
		if _, err := os.Stat(d); err == nil {
			t.Errorf("Close left %s", d)
		}
	}
}

// TestIPFSBundle: an ipfs:// manifest entry is loaded through the
// configured loader (which checks the CID) and unpacked like any archive.
func TestIPFSBundle(t *testing.T) {
	archive := tarGz(t, weatherArchive)
	var asked string
	loader := func(_ context.Context, uri string) ([]byte, error) {
		asked = uri
		if uri == "ipfs://bafybadcid" {
			return nil, errors.New("the gateway returned content that does not match its CID")
		}
		return archive, nil
	}
	m := manifestOf(t.TempDir(), "ipfs://bafkreiweather", "ipfs://bafybadcid")
	s, problems := load(t, Config{Manifest: m, IPFS: loader})
	defer s.Close()
	if _, ok := s.Get("weather"); !ok || asked == "" {
		t.Fatalf("weather not loaded from IPFS: %q", problems)
	}
	if !hasProblem(problems, "does not match its CID") {
		t.Errorf("a bad CID was not reported: %q", problems)
	}
}
