package companion

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/agent/provider"
	"github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/internal/settings"
)

// TestFlagsOverSettingsOverManifest: a flag wins for one run, then the
// settings file, then the manifest; the file's name and persona go into
// the manifest.
func TestFlagsOverSettingsOverManifest(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	os.MkdirAll(filepath.Join(dir, "kin"), 0o700)
	os.WriteFile(filepath.Join(dir, "kin", "config.yaml"), []byte("provider: ollama\nmodel: qwen3\nname: Ada\npersona: Speaks like a sailor.\n"), 0o600)
	for _, c := range []struct {
		args            []string
		provider, model string
	}{
		{nil, "ollama", "qwen3"},
		{[]string{"--provider", "openai"}, "openai", "qwen3"},
		{[]string{"--llm", "big"}, "ollama", "big"},
	} {
		fs := flag.NewFlagSet("kin", flag.ContinueOnError)
		f := AddFlags(fs, "llm")
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		man := &manifest.Manifest{Name: "Kin", Brain: manifest.Brain{Provider: "anthropic", Model: "claude", Instructions: "Be kind."}}
		o := f.Options(man)
		if o.Provider.Provider != c.provider || o.Provider.Model != c.model {
			t.Errorf("%v: %s/%s, want %s/%s", c.args, o.Provider.Provider, o.Provider.Model, c.provider, c.model)
		}
		if man.Name != "Ada" || man.Brain.Instructions != "Be kind.\n\nSpeaks like a sailor." || o.Settings == nil {
			t.Errorf("%v: manifest %q %q", c.args, man.Name, man.Brain.Instructions)
		}
	}
}

// TestMalformedSettingsStart: kin starts with the defaults, says which
// file and line are wrong, and leaves the file as it was.
func TestMalformedSettingsStart(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	path := filepath.Join(dir, "kin", "config.yaml")
	os.MkdirAll(filepath.Dir(path), 0o700)
	bad := "provider: ollama\nroots:\n  - relative/folder\n"
	os.WriteFile(path, []byte(bad), 0o600)
	fs := flag.NewFlagSet("kin", flag.ContinueOnError)
	f := AddFlags(fs, "llm")
	fs.Parse([]string{"--data", t.TempDir(), "--provider", "none"})
	o := f.Options(manifest.Default())
	if o.Settings != nil {
		t.Fatal("a bad file gave settings")
	}
	c, err := Start(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	warned := strings.Join(c.Warnings, "\n")
	if !strings.Contains(warned, path+": line 3:") || !strings.Contains(warned, "relative/folder") {
		t.Errorf("warnings: %q", warned)
	}
	if got, _ := os.ReadFile(path); string(got) != bad {
		t.Errorf("the file changed: %q", got)
	}
}

// TestAlwaysAllow: tools the settings list are granted without a store.
func TestAlwaysAllow(t *testing.T) {
	a := allowList{tools: []string{"fs_write"}}
	if ok, _ := a.Granted("fs_write", "/x"); !ok {
		t.Error("fs_write not granted")
	}
	if ok, _ := a.Granted("exec_shell", ""); ok {
		t.Error("exec_shell granted")
	}
	if a.Grant("exec_shell", "") == nil {
		t.Error("Grant without a store did not fail")
	}
	g := newGate(Options{Settings: nil}, nil, nil)
	if g.Grants != nil {
		t.Error("grants without settings or store")
	}
}

// TestManifestVoice reads seed 000's voice blocks.
func TestManifestVoice(t *testing.T) {
	for _, c := range []struct{ raw, tts, voice string }{
		{`{"tts": {"provider": "browser"}, "stt": {"provider": "browser"}}`, "", ""},
		{`{"tts": {"provider": "elevenlabs", "voiceId": "pNInz6obpgDQGcFmaJgB"}}`, "elevenlabs", "pNInz6obpgDQGcFmaJgB"},
		{`{"tts": {"provider": "openai", "voice": "coral"}}`, "openai", "coral"},
		{`{"name": "Puck"}`, "", "Puck"},
		{``, "", ""},
		{`[1]`, "", ""},
	} {
		tts, voice := ManifestVoice(json.RawMessage(c.raw))
		if tts != c.tts || voice != c.voice {
			t.Errorf("%s: %q %q, want %q %q", c.raw, tts, voice, c.tts, c.voice)
		}
	}
}

// TestStoredKeyNotLogged: a key from kin settings set-key (the 0600 file
// here) reaches the provider, and not the debug log, the store's files or
// the transcript, even when the user says it.
func TestStoredKeyNotLogged(t *testing.T) {
	conf := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", conf)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	key := "sk-ant-api03-logcheck-94c1d2e3f4a5b6c7"
	keys, _ := settings.DefaultKeys()
	if _, err := keys.Set("openai", key); err != nil {
		t.Fatal(err)
	}
	srv := providertest.NewOpenAI(t, providertest.Script(providertest.Reply{Text: "Got it."}), providertest.OpenAI)
	var logs bytes.Buffer
	data := t.TempDir()
	c, err := Start(context.Background(), Options{DataDir: data, Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Provider: provider.Options{Provider: "openai", BaseURL: srv.BaseURL, Model: "m", Getenv: KeyedGetenv(func(string) string { return "" })}})
	if err != nil {
		t.Fatal(err)
	}
	finalOf(t, c.Send(context.Background(), "my key is "+key+", keep it safe"))
	c.Close()
	if seen := srv.Seen(); len(seen) == 0 || seen[0].Header.Get("Authorization") != "Bearer "+key {
		t.Fatal("the stored key was not used")
	}
	if strings.Contains(logs.String(), key) {
		t.Error("the key is in the log")
	}
	plain := false // the transcript's words are on disk, so a key there would be found
	filepath.WalkDir(data, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, _ := os.ReadFile(p)
		plain = plain || bytes.Contains(b, []byte("keep it safe"))
		if bytes.Contains(b, []byte(key)) {
			t.Errorf("the key is in %s", p)
		}
		return nil
	})
	if !plain {
		t.Error("the transcript is not on disk as text, so the search proves nothing")
	}
}
