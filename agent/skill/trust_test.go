package skill

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// writeBundle writes dir/name/SKILL.md with extra frontmatter lines.
func writeBundle(t testing.TB, dir, name, extra string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
	doc := "---\nname: " + name + "\ndescription: The " + name + " skill.\n" + extra + "---\nDo " + name + ".\n"
	if err := os.WriteFile(filepath.Join(p, SkillFile), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTrustModes: which of the manifest's bundles load in each mode;
// installed bundles always load.
func TestTrustModes(t *testing.T) {
	dir := fixtures(t)
	data := t.TempDir()
	writeBundle(t, InstalledDir(data), "mine", "")
	for _, c := range []struct {
		name      string
		cfg       Config
		loaded    []string
		notLoaded []string
		problem   string
	}{
		{"any", Config{Trust: TrustAny}, []string{"hello", "weather", "helper", "base"}, nil, ""},
		{"owned-only matches case-insensitively", Config{Trust: TrustOwnedOnly, Owner: "0xABC123"}, []string{"hello"}, []string{"weather"},
			"skill helper is not trusted: it names no author"},
		{"owned-only other owner", Config{Trust: TrustOwnedOnly, Owner: "0xdef"}, nil, []string{"hello", "weather"},
			"its author is 0xAbC123, and only skills by 0xdef may load"},
		{"owned-only without owner", Config{Trust: TrustOwnedOnly}, nil, []string{"hello"}, "kin knows no owner"},
		{"whitelist", Config{Trust: TrustWhitelist, Whitelist: []string{"hello/", "file://" + dir + "/weather", dir + "/helper", dir + "/base"}},
			[]string{"hello", "weather", "helper", "base"}, nil, ""},
		{"whitelist refuses a dependency", Config{Trust: TrustWhitelist, Whitelist: []string{"weather", "helper"}},
			[]string{}, []string{"hello", "weather", "base"}, "dependency weather → helper → base: skill base is not trusted"},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.cfg.Manifest, c.cfg.DataDir = manifestOf(dir, "hello/", "weather"), data
			s, problems := load(t, c.cfg)
			got := names(s.Skills())
			for _, n := range append(c.loaded, "mine") {
				if !slices.Contains(got, n) {
					t.Errorf("%s not loaded; loaded %v; problems %q", n, got, problems)
				}
			}
			for _, n := range c.notLoaded {
				if slices.Contains(got, n) {
					t.Errorf("%s loaded", n)
				}
			}
			if c.problem != "" && !hasProblem(problems, c.problem) || c.problem == "" && len(problems) > 0 {
				t.Errorf("problems %q, want %q", problems, c.problem)
			}
		})
	}
}

func TestParseTrust(t *testing.T) {
	for in, want := range map[string]Trust{"": TrustAny, "any": TrustAny, "owned-only": TrustOwnedOnly, "whitelist": TrustWhitelist} {
		if got, err := ParseTrust(in); err != nil || got != want {
			t.Errorf("ParseTrust(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseTrust("some"); err == nil {
		t.Error("ParseTrust accepted an unknown mode")
	}
}
