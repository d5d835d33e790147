package settings

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestRoundTrip edits files through Update and compares them with golden
// files: the user's comments, key order and quoting stay, new keys come
// last with their description, unset keys go.
func TestRoundTrip(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(*Settings)
	}{
		{"comments", func(s *Settings) { s.FPS, s.Provider, s.VoiceName, s.Location.Name = 60, "", "alloy", "Bergen" }},
		{"order", func(s *Settings) { s.Units, s.Mode, s.AlwaysAllow = "metric", "overlay", []string{"fs_write"} }},
		{"empty", func(s *Settings) { s.Name, s.FPS = "Ada", 30 }},
		{"onlycomments", func(s *Settings) { s.MicMuted = true }},
		{"missing", func(s *Settings) { s.WakeWord, s.TalkKey = "hey-kin", "F9" }},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "config.yaml")
			if in, err := os.ReadFile(filepath.Join("testdata", c.name+".in.yaml")); err == nil {
				if err := os.WriteFile(p, in, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if err := Update(p, func(s *Settings) error { c.change(s); return nil }); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(p)
			golden(t, filepath.Join("testdata", c.name+".golden.yaml"), got)
			if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
				t.Errorf("mode %v, want 0600", fi.Mode().Perm())
			}
			again, err := Load(p)
			if err != nil {
				t.Fatalf("the written file does not read back: %v", err)
			}
			want := again
			c.change(&want) // setting the same again changes nothing
			if again.FPS != want.FPS || again.Name != want.Name || again.MicMuted != want.MicMuted || again.WakeWord != want.WakeWord {
				t.Errorf("read back %+v, want %+v", again, want)
			}
		})
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs:\n--- got\n%s--- want\n%s", path, got, want)
	}
}

// TestMalformed: a bad file is reported with its name and line, Load gives
// the defaults, and Update leaves the file untouched.
func TestMalformed(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"name: Ada\nmodel: a: b\n", "line 2: mapping values are not allowed"},
		{"name: Ada\nfps: 30\n  bad: x\n", "line 3"},
		{"name: Ada\nfps: fast\n", "line 2: cannot unmarshal !!str `fast` into int"},
		{"name: Ada\n\nfsp: 30\n", `line 3: unknown key "fsp"`},
		{"roots:\n  - /ok\n  - relative\n", `line 3: roots[1] "relative" must be an absolute folder`},
		{"units: kelvin\n", "line 1: units must be one of metric, imperial"},
		{"mode: fullscreen\n", "line 1: mode must be one of window, overlay, desktop"},
		{"location: {latitude: 99, longitude: 0}\n", "line 1: location: latitude must be within"},
		{"- a\n- b\n", "line 1: the settings must be keys with values"},
		{"fps: 30\nfps: 60\n", "line 2"},
		{"mcpPort: 70000\n", "line 1: mcpPort 70000 is not a port"},
		{"location: {latitude: 38.7, longitude: -9.1, timezone: Mars/Olympus}\n", "line 1: location: timezone \"Mars/Olympus\""},
		{"searxngUrl: notaurl\n", "line 1: searxngUrl \"notaurl\" must be an http"},
		{"ipfsGateway: ftp://x\n", "line 1: ipfsGateway \"ftp://x\" must be an http"},
		{"ambientStillMinutes: -5\n", "line 1: ambientStillMinutes -5 must be 1 or more"},
		{"wakeWord: ../../etc/passwd\n", "line 1: wakeWord: wake word name \"../../etc/passwd\" must be a plain name"},
		{"# kin\n{}\nname: Bob\n", "line 2: did not find expected <document start> (the settings are one mapping"},
		{"{mode: overlay}\nname: Bob\n", "text after a closing brace"},
		{"name: Ann\n---\nname: Bob\n", "line 2: the settings are one YAML document"},
	} {
		p := filepath.Join(t.TempDir(), "config.yaml")
		if err := os.WriteFile(p, []byte(c.text), 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := Load(p)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), p) {
			t.Errorf("%q: %v, want %q and the file's name", c.text, err, c.want)
		}
		if s.FPS != 0 || s.Name != "" {
			t.Errorf("%q: not the defaults: %+v", c.text, s)
		}
		err = Update(p, func(s *Settings) error { s.FPS = 24; return nil })
		if err == nil || !strings.Contains(err.Error(), "leaves the file") {
			t.Errorf("%q: Update: %v", c.text, err)
		}
		if got, _ := os.ReadFile(p); string(got) != c.text {
			t.Errorf("%q: the file was changed to %q", c.text, got)
		}
	}
}

// TestEmptiedStaysBlock: a file whose last key is taken out holds only
// its comments, not "{}", and keys set later (or added by hand) go one to
// a line where they are read.
func TestEmptiedStaysBlock(t *testing.T) {
	p := filepath.Join(t.TempDir(), "config.yaml")
	if err := Update(p, func(s *Settings) error { s.FPS = 24; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := Update(p, func(s *Settings) error { s.FPS = 0; return nil }); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	for l := range strings.Lines(string(got)) {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			t.Fatalf("an emptied file holds %q:\n%s", l, got)
		}
	}
	for l := range strings.Lines(string(got)) {
		if f, _ := Lookup("fps"); strings.TrimSpace(l) == "# "+f.Doc {
			t.Fatalf("fps's note stayed behind when fps went back to its default:\n%s", got)
		}
	}
	if err := Update(p, func(s *Settings) error { s.Mode = "overlay"; return nil }); err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(p)
	if !strings.Contains(string(got), "\nmode: overlay\n") || strings.ContainsAny(string(got), "{}") {
		t.Fatalf("not one key a line:\n%s", got)
	}
	if err := os.WriteFile(p, append(got, "name: Bob\n"...), 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := Load(p); err != nil || s.Name != "Bob" || s.Mode != "overlay" {
		t.Fatalf("a key added by hand: %+v, %v", s, err)
	}
}

// TestLegacy: an older config.json is read while config.yaml is missing,
// and the first save moves it to config.yaml.
func TestLegacy(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "config.yaml")
	old := filepath.Join(dir, "config.json")
	os.WriteFile(old, []byte(`{"roots": ["~/Documents"], "location": {"name": "Oslo", "latitude": 59.9, "longitude": 10.7}, "mcpPort": 7400}`), 0o600)
	s, err := Load(p)
	if err != nil || len(s.Roots) != 1 || s.Location.Name != "Oslo" || s.MCPPort != 7400 {
		t.Fatalf("%+v %v", s, err)
	}
	if err := Update(p, func(s *Settings) error { s.Name = "Ada"; return nil }); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	golden(t, filepath.Join("testdata", "legacy.golden.yaml"), got)
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("config.json still there: %v", err)
	}
	if _, err := os.Stat(old + ".migrated"); err != nil {
		t.Errorf("config.json.migrated: %v", err)
	}
	for _, c := range []struct{ text, want string }{
		{"{\n  \"roots\": [\"/a\",]\n}", "line 2, column 19"},
		{`{"roots": "/a"}`, "field roots must be []string"},
		{`{"root": ["/a"]}`, `unknown field "root"`},
	} {
		os.Remove(p)
		os.WriteFile(old, []byte(c.text), 0o600)
		if _, err := Load(p); err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "config.json") {
			t.Errorf("%s: %v, want %q", c.text, err, c.want)
		}
	}
}

// TestFields: every field reads back what it was set to, as text.
func TestFields(t *testing.T) {
	for _, c := range []struct{ key, in, out string }{
		{"name", "Ada", "Ada"}, {"fps", "30", "30"}, {"fps", "", ""}, {"micMuted", "yes", ""},
		{"micMuted", "true", "true"}, {"roots", "~/a, /b", "~/a, /b"}, {"location", "Oslo; 59.9; 10.7; Europe/Oslo", "Oslo; 59.9; 10.7; Europe/Oslo"},
		{"voice", "cascade", "cascade"}, {"mcpPort", "-1", "-1"},
	} {
		f, ok := Lookup(c.key)
		if !ok {
			t.Fatalf("no field %s", c.key)
		}
		var s Settings
		err := f.Set(&s, c.in)
		if c.out == "" && c.in != "" {
			if err == nil {
				t.Errorf("%s=%q: no error", c.key, c.in)
			}
			continue
		}
		if got := f.Get(&s); err != nil || got != c.out {
			t.Errorf("%s=%q: got %q, %v", c.key, c.in, got, err)
		}
	}
	if len(Fields) < 24 {
		t.Errorf("only %d fields", len(Fields))
	}
}

// BenchmarkUpdate is one change saved: read, merge, write.
func BenchmarkUpdate(b *testing.B) {
	in, err := os.ReadFile(filepath.Join("testdata", "comments.in.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	p := filepath.Join(b.TempDir(), "config.yaml")
	os.WriteFile(p, in, 0o600)
	n := 0
	for b.Loop() {
		n++
		if err := Update(p, func(s *Settings) error { s.FPS = 20 + n%40; return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

// TestUTF16CommentsKept: a config.yaml of comments alone saved as UTF-16
// (with its byte-order mark) keeps its comments through a save, as UTF-8,
// and the file reads back.
func TestUTF16CommentsKept(t *testing.T) {
	for _, bom := range [][]byte{{0xff, 0xfe}, {0xfe, 0xff}} {
		text := "# my notes\n"
		data := append([]byte{}, bom...)
		for _, r := range text {
			if bom[0] == 0xff {
				data = append(data, byte(r), 0)
			} else {
				data = append(data, 0, byte(r))
			}
		}
		path := filepath.Join(t.TempDir(), "config.yaml")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := Update(path, func(s *Settings) error { s.Persona = "kind"; return nil }); err != nil {
			t.Fatal(err)
		}
		out, _ := os.ReadFile(path)
		if !strings.HasPrefix(string(out), text) {
			t.Errorf("% x: the comment is not kept as UTF-8 at the top:\n%q", bom, out)
		}
		if s, err := Load(path); err != nil || s.Persona != "kind" {
			t.Errorf("% x: read back %+v, %v", bom, s, err)
		}
	}
}
