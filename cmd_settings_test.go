package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/internal/keyring/keyringtest"
)

// kinSettings runs `kin settings ARGS` with stdin as the piped input.
func kinSettings(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	settingsStdin = strings.NewReader(stdin)
	defer func() { settingsStdin = os.Stdin }()
	var out, errb bytes.Buffer
	code := cmdSettings(args, &out, &errb)
	return code, out.String(), errb.String()
}

// settingsHome points $XDG_CONFIG_HOME at a new folder with no keyring.
func settingsHome(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	for _, k := range []string{"KIN_SEARXNG_URL", "KIN_IPFS_GATEWAY", "KIN_UNITS", "KIN_LOCATION"} {
		t.Setenv(k, "")
	}
	return filepath.Join(dir, "kin", "config.yaml")
}

func TestCmdSettings(t *testing.T) {
	path := settingsHome(t)
	if code, out, _ := kinSettings(t, "", "path"); code != 0 || strings.TrimSpace(out) != path {
		t.Fatalf("path: %d %q, want %s", code, out, path)
	}
	for _, c := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"set", "fps", "30"}, 0, "fps = 30"},
		{[]string{"set", "name", "Ada"}, 0, "name = Ada"},
		{[]string{"set", "roots", "~/Documents, /srv/x"}, 0, "roots = "},
		{[]string{"get", "fps"}, 0, "30\n"},
		{[]string{"get", "roots"}, 0, "~/Documents, /srv/x\n"},
		{[]string{"set", "fps", "fast"}, 1, ""},
		{[]string{"set", "mode", "fullscreen"}, 1, ""},
		{[]string{"set", "fsp", "30"}, 2, ""},
		{[]string{"get"}, 2, ""},
		{[]string{"set", "name"}, 0, "back to its default"},
		{[]string{"get", "name"}, 0, "\n"},
	} {
		code, out, errs := kinSettings(t, "", c.args...)
		if code != c.code || !strings.Contains(out, c.out) {
			t.Errorf("%v: %d %q %q, want %d and %q", c.args, code, out, errs, c.code, c.out)
		}
	}
	// a comment the user wrote stays through set
	data, _ := os.ReadFile(path)
	os.WriteFile(path, append([]byte("# mine, keep it\n"), data...), 0o600)
	kinSettings(t, "", "set", "voice", "cascade")
	if data, _ := os.ReadFile(path); !strings.HasPrefix(string(data), "# mine, keep it\n") || !strings.Contains(string(data), "voice: cascade") {
		t.Errorf("after set:\n%s", data)
	}
	t.Setenv("KIN_UNITS", "imperial")
	code, out, _ := kinSettings(t, "", "--json")
	var all []origin
	if code != 0 || json.Unmarshal([]byte(out), &all) != nil {
		t.Fatalf("--json: %d %q", code, out)
	}
	src := map[string]origin{}
	for _, o := range all {
		src[o.Key] = o
	}
	if o := src["fps"]; o.Value != "30" || !strings.HasPrefix(o.Source, "config.yaml line ") {
		t.Errorf("fps: %+v", o)
	}
	if o := src["units"]; o.Value != "imperial" || o.Source != "environment KIN_UNITS" {
		t.Errorf("units: %+v", o)
	}
	if o := src["wakeWord"]; o.Value != "" || o.Source != "default" {
		t.Errorf("wakeWord: %+v", o)
	}
	if code, out, _ := kinSettings(t, ""); code != 0 || !strings.Contains(out, "openai      not set") {
		t.Errorf("show: %d\n%s", code, out)
	}
}

// TestCmdSettingsMalformed: a bad file is named with its line, and set
// does not overwrite it.
func TestCmdSettingsMalformed(t *testing.T) {
	path := settingsHome(t)
	os.MkdirAll(filepath.Dir(path), 0o700)
	bad := "name: Ada\nfps: [30\nmode: window\n"
	os.WriteFile(path, []byte(bad), 0o600)
	if code, _, errs := kinSettings(t, ""); code != 1 || !strings.Contains(errs, path) || !strings.Contains(errs, "line ") {
		t.Errorf("show: %d %q", code, errs)
	}
	if code, _, errs := kinSettings(t, "", "set", "fps", "24"); code != 1 || !strings.Contains(errs, "leaves the file") {
		t.Errorf("set: %d %q", code, errs)
	}
	if got, _ := os.ReadFile(path); string(got) != bad {
		t.Errorf("the file changed: %q", got)
	}
}

// TestSettingsKeyNeverLeaks stores an OpenAI key with set-key (in the
// keyring, and in the 0600 file without one), has a conversation that
// uses it, and then looks for it in the settings file, the store (memory,
// diary, transcripts) and everything kin printed.
func TestSettingsKeyNeverLeaks(t *testing.T) {
	for _, withRing := range []bool{false, true} {
		path := settingsHome(t)
		key := "sk-proj-leakcheck-7f3a9c1e5b2d4a60"
		if withRing {
			addr := keyringtest.StartBus(t)
			keyringtest.Serve(t, addr)
			t.Setenv("DBUS_SESSION_BUS_ADDRESS", addr)
		}
		kinSettings(t, "", "set", "name", "Ada")
		code, out, errs := kinSettings(t, key+"\n", "set-key", "openai")
		want := filepath.Join(filepath.Dir(path), "keys.yaml")
		if withRing {
			want = "the desktop keyring"
		}
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("set-key: %d %q %q", code, out, errs)
		}
		if fi, err := os.Stat(filepath.Join(filepath.Dir(path), "keys.yaml")); !withRing && (err != nil || fi.Mode().Perm() != 0o600) {
			t.Fatalf("keys.yaml: %v %v", fi, err)
		}
		srv := pt.NewOpenAI(t, pt.Script(pt.Reply{Text: "Noted, Ada."}), pt.OpenAI)
		data := t.TempDir()
		var cout, cerr bytes.Buffer
		said := "remember that my api key is " + key + " and my cat is Miso"
		code = chat(context.Background(), []string{"--provider", "openai", "--model", "m", "--base-url", srv.BaseURL, "--data", data},
			strings.NewReader(said+"\n"), &cout, &cerr, env(nil))
		if code != 0 {
			t.Fatalf("chat: %d %s", code, cerr.String())
		}
		if seen := srv.Seen(); len(seen) == 0 || seen[0].Header.Get("Authorization") != "Bearer "+key {
			t.Fatalf("the stored key was not sent to the provider: %v", seen)
		}
		_, showOut, _ := kinSettings(t, "")
		for name, text := range map[string]string{"chat stdout": cout.String(), "chat stderr": cerr.String(), "kin settings": showOut + out + errs} {
			if strings.Contains(text, key) {
				t.Errorf("ring %v: the key is in the %s", withRing, name)
			}
		}
		if !strings.Contains(showOut, "set (stored)") {
			t.Errorf("kin settings does not say the key is stored:\n%s", showOut)
		}
		found := grepTree(t, data, "Miso")
		if len(found) == 0 {
			t.Fatal("the transcript is not in the store as plain text, so the search below proves nothing")
		}
		skip := filepath.Join(filepath.Dir(path), "keys.yaml")
		for _, f := range append(grepTree(t, data, key), grepTree(t, filepath.Dir(path), key)...) {
			if f != skip {
				t.Errorf("ring %v: the key is in %s", withRing, f)
			}
		}
	}
}

// grepTree lists the files under dir that contain s.
func grepTree(t *testing.T, dir, s string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if b, err := os.ReadFile(p); err == nil && bytes.Contains(b, []byte(s)) {
			out = append(out, p)
		}
		return nil
	})
	return out
}
