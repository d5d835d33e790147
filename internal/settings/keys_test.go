package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kin-companion/kin/internal/keyring/keyringtest"
)

// TestKeysKeyring stores a key in a Secret Service on a real bus: nothing
// reaches the file, and Getenv answers with it.
func TestKeysKeyring(t *testing.T) {
	addr := keyringtest.StartBus(t)
	svc := keyringtest.Serve(t, addr)
	dir := t.TempDir()
	k := Keys{Dir: dir, Bus: addr}
	where, err := k.Set("openai", "sk-test-keyring-123\n")
	if err != nil || where != "the desktop keyring" {
		t.Fatalf("Set: %q %v", where, err)
	}
	if svc.Len() != 1 {
		t.Errorf("%d items in the keyring", svc.Len())
	}
	if got, err := k.Get("openai"); got != "sk-test-keyring-123" || err != nil {
		t.Errorf("Get = %q %v", got, err)
	}
	if _, err := os.Stat(filepath.Join(dir, KeyFile)); !os.IsNotExist(err) {
		t.Errorf("the key file exists with a keyring: %v", err)
	}
	env := k.Getenv(func(n string) string {
		if n == "ANTHROPIC_API_KEY" {
			return "from-env"
		}
		return ""
	})
	for name, want := range map[string]string{"OPENAI_API_KEY": "sk-test-keyring-123", "ANTHROPIC_API_KEY": "from-env", "GEMINI_API_KEY": "", "HOME": ""} {
		if got := env(name); got != want {
			t.Errorf("Getenv(%s) = %q, want %q", name, got, want)
		}
	}
	if _, err := k.Set("mistral", "x"); err == nil || !strings.Contains(err.Error(), "anthropic") {
		t.Errorf("unknown provider: %v", err)
	}
}

// TestKeysFile: without a Secret Service the key goes to a 0600 file,
// which a later keyring takes over.
func TestKeysFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "kin")
	addr := keyringtest.StartBus(t) // a bus, but no Secret Service on it
	k := Keys{Dir: dir, Bus: addr}
	where, err := k.Set("anthropic", "sk-ant-file-456")
	path := filepath.Join(dir, KeyFile)
	if err != nil || where != path {
		t.Fatalf("Set: %q %v", where, err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", fi, err)
	}
	if got, _ := k.Get("anthropic"); got != "sk-ant-file-456" {
		t.Errorf("Get = %q", got)
	}
	if got := k.Getenv(func(string) string { return "" })("ANTHROPIC_API_KEY"); got != "sk-ant-file-456" {
		t.Errorf("Getenv = %q", got)
	}
	os.Chmod(path, 0o644)
	if _, err := k.Get("anthropic"); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a file others can read: %v", err)
	}
	os.Chmod(path, 0o600)
	keyringtest.Serve(t, addr)
	if where, err := k.Set("anthropic", "sk-ant-moved"); err != nil || where != "the desktop keyring" {
		t.Fatalf("Set with a keyring: %q %v", where, err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the file still holds the key: %v", err)
	}
	if got, _ := k.Get("anthropic"); got != "sk-ant-moved" {
		t.Errorf("Get = %q", got)
	}
}
