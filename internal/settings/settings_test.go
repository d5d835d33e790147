package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(s string) string {
		p := filepath.Join(dir, "config.json")
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if s, err := Load(filepath.Join(dir, "missing.json")); err != nil || len(s.Roots) != 0 {
		t.Fatalf("missing file: %+v %v", s, err)
	}
	s, err := Load(write(`{"roots": ["~/Documents", "/srv/x"], "location": {"name": "Oslo", "latitude": 59.9, "longitude": 10.7}}`))
	if err != nil || len(s.Roots) != 2 || s.Location.Name != "Oslo" {
		t.Fatalf("%+v %v", s, err)
	}
	for _, c := range []struct{ text, want string }{
		{"{\n  \"roots\": [\"/a\",]\n}", "line 2, column 19"},
		{`{"roots": "/a"}`, "field roots must be []string"},
		{`{"root": ["/a"]}`, `unknown field "root"`},
		{`{"roots": ["relative"]}`, `roots[0] "relative" must be an absolute folder`},
		{`{"units": "kelvin"}`, `units must be`},
		{`{"location": {"latitude": 99, "longitude": 0}}`, "latitude must be within"},
	} {
		_, err := Load(write(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "config.json") {
			t.Errorf("%s: %v, want %q", c.text, err, c.want)
		}
	}
}

func TestSave(t *testing.T) {
	p := filepath.Join(t.TempDir(), "kin", "config.json")
	in := Settings{Roots: []string{"/x"}, Units: "imperial"}
	if err := Save(p, in); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(p)
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode())
	}
	out, err := Load(p)
	if err != nil || out.Units != "imperial" || out.Roots[0] != "/x" {
		t.Errorf("%+v %v", out, err)
	}
}
