package desktop

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

// fakeOpener writes a script that records its arguments, one a line, in
// the returned file and exits with code.
func fakeOpener(t *testing.T, code string) (script, record string) {
	t.Helper()
	dir := t.TempDir()
	record = filepath.Join(dir, "argv")
	script = filepath.Join(dir, "opener")
	body := "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + record + ".tmp && mv " + record + ".tmp " + record + "\nexit " + code + "\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, record
}

// recorded waits for the opener's record and returns it.
func recorded(t *testing.T, record string) string {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(record); err == nil {
			return string(b)
		}
	}
	t.Fatal("the opener was not run within 5s")
	return ""
}

func TestOpen(t *testing.T) {
	script, record := fakeOpener(t, "0")
	file := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(file, []byte("hi"), 0o644); err != nil {
		t.Fatal(err)
	}
	d := New(Config{Opener: script})
	tests := []struct{ target, argv string }{
		{"https://example.org/a?b=c", "https://example.org/a?b=c\n"},
		{"HTTP://example.org", "HTTP://example.org\n"},
		{"mailto:someone@example.org?subject=hi", "mailto:someone@example.org?subject=hi\n"},
		{file, file + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			os.Remove(record)
			mustCall(t, d, "open", `{"target":`+jsonString(tt.target)+`}`)
			if got := recorded(t, record); got != tt.argv {
				t.Errorf("the opener got %q, want %q", got, tt.argv)
			}
		})
	}
}

func TestOpenConfine(t *testing.T) {
	script, record := fakeOpener(t, "0")
	root := t.TempDir()
	inside := filepath.Join(root, "in.txt")
	if err := os.WriteFile(inside, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	confine := func(p string) (string, error) {
		abs := filepath.Join(root, p)
		if filepath.IsAbs(p) {
			abs = p
		}
		if !strings.HasPrefix(abs, root+"/") {
			return "", errors.New("that path is outside the allowed folder")
		}
		return abs, nil
	}
	d := New(Config{Opener: script, Confine: confine})
	mustCall(t, d, "open", `{"target":"in.txt"}`)
	if got := recorded(t, record); got != inside+"\n" {
		t.Errorf("the opener got %q, want %q", got, inside+"\n")
	}
	_, err := call(t, d, "open", `{"target":"/etc/passwd"}`)
	if err == nil || !strings.Contains(err.Error(), "outside the allowed folder") {
		t.Errorf("opening outside the confinement: %v", err)
	}
}

func TestOpenRefuses(t *testing.T) {
	script, record := fakeOpener(t, "3")
	d := New(Config{Opener: script})
	tests := []struct{ target, want string }{
		{"file:///etc/passwd", "does not open file: URLs"},
		{"javascript:alert(1)", "does not open javascript: URLs"},
		{"data:text/html,hi", "does not open data: URLs"},
		{"https://", "has no host name"},
		{"", "target argument is missing"},
		{filepath.Join(t.TempDir(), "missing.txt"), "there is no file or folder at"},
		{"https://example.org", "no application is set up to open it"}, // the opener exits 3
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			_, err := call(t, d, "open", `{"target":`+jsonString(tt.target)+`}`)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
	if _, err := os.Stat(record); err != nil {
		t.Error("the opener did not run for the URL it was given")
	}
	_, err := call(t, New(Config{Opener: filepath.Join(t.TempDir(), "no-such-opener")}), "open", `{"target":"https://example.org"}`)
	if err == nil || !strings.Contains(err.Error(), "is not installed") {
		t.Errorf("missing opener: %v", err)
	}
}

func TestOpenAssess(t *testing.T) {
	dir := t.TempDir()
	for name, mode := range map[string]os.FileMode{"doc.txt": 0o644, "run.sh": 0o755, "app.desktop": 0o644} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, mode); err != nil {
			t.Fatal(err)
		}
	}
	tool := New(Config{}).openTool()
	tests := []struct {
		target string
		risk   tools.Risk
		scope  string
	}{
		{"https://example.org", tools.Medium, "https://example.org"},
		{filepath.Join(dir, "doc.txt"), tools.Medium, filepath.Join(dir, "doc.txt")},
		{filepath.Join(dir, "run.sh"), tools.High, filepath.Join(dir, "run.sh")},
		{filepath.Join(dir, "app.desktop"), tools.High, filepath.Join(dir, "app.desktop")},
	}
	for _, tt := range tests {
		args, _ := json.Marshal(map[string]string{"target": tt.target})
		a := tool.Grade(args)
		if a.Risk != tt.risk || a.Scope != tt.scope || !strings.HasPrefix(a.Summary, "open ") {
			t.Errorf("%s: assessed %+v, want risk %v and scope %q", tt.target, a, tt.risk, tt.scope)
		}
	}
}
