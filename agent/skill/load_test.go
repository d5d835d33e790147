package skill

import (
	"slices"
	"strings"
	"testing"
)

// TestLoadDependencies: dependencies load before the skills that need
// them; a cycle, a version conflict and a missing dependency are reported
// with their chain and the other bundles still load.
func TestLoadDependencies(t *testing.T) {
	dir := fixtures(t)
	m := manifestOf(dir, "too-new", "weather", "cycle-a", "conflict", "missing", "hello/")
	s, problems := load(t, Config{Manifest: m})
	got := names(s.Skills())
	want := []string{"greet", "think", "help", "base", "helper", "weather", "hello"}
	if !slices.Equal(got, want) {
		t.Errorf("skills %v, want %v", got, want)
	}
	for _, c := range []struct {
		name  string
		parts []string
	}{
		{"cycle", []string{"skill cycle-a (cycle-a) was not loaded", "dependency cycle: cycle-a → cycle-b → cycle-a"}},
		{"conflict with a loaded version", []string{"version conflict: conflict needs base ^3.0, but base 2.1.3 is already loaded for weather → helper → base"}},
		{"conflict with the version found", []string{"version conflict: too-new needs helper >=2.0 <3", "but the helper found in", "is version 1.4.0"}},
		{"missing", []string{"missing dependency: missing → nowhere", "needs ^1"}},
	} {
		if !hasProblem(problems, c.parts...) {
			t.Errorf("%s: no problem says %q in:\n%s", c.name, c.parts, strings.Join(problems, "\n"))
		}
	}
	if len(problems) != 4 {
		t.Errorf("%d problems, want 4:\n%s", len(problems), strings.Join(problems, "\n"))
	}
}

// TestLoadBuiltinDependencyVersion: a dependency on a built-in skill is
// checked against the built-in version; one on a tool needs no version.
func TestLoadBuiltinDependencyVersion(t *testing.T) {
	for _, c := range []struct {
		dep, problem string
	}{
		{"greet@^1", ""},
		{"wave", ""},
		{"greet@^2", "kin's built-in greet is version 1.0.0"},
		{"wave@^1", "wave is one of kin's tools and has no version"},
	} {
		t.Run(c.dep, func(t *testing.T) {
			dir := t.TempDir()
			writeBundle(t, dir, "needy", "dependencies: [\""+c.dep+"\"]\n")
			_, problems := load(t, Config{Manifest: manifestOf(dir, "needy")})
			if c.problem == "" && len(problems) > 0 || c.problem != "" && !hasProblem(problems, c.problem) {
				t.Errorf("problems %q, want %q", problems, c.problem)
			}
		})
	}
}

// TestLoadManifestVersion: the manifest's version of an entry must match
// the bundle's.
func TestLoadManifestVersion(t *testing.T) {
	dir := fixtures(t)
	m := manifestOf(dir, "base", "hello")
	m.Skills[0].Version = "^2.1"
	m.Skills[1].Version = "0.1.0"
	s, problems := load(t, Config{Manifest: m})
	if _, ok := s.Get("base"); !ok {
		t.Error("base 2.1.3 was not loaded for ^2.1")
	}
	if !hasProblem(problems, "the manifest asks for hello 0.1.0, but the bundle is version 1.0.0") {
		t.Errorf("problems %q", problems)
	}
}

// TestLoadInstalled: installed bundles load with the manifest's and find
// their dependencies among the installed ones; a broken one is reported.
func TestLoadInstalled(t *testing.T) {
	data := t.TempDir()
	src := fixtures(t)
	for _, n := range []string{"helper", "base"} {
		if err := copyTree(src+"/"+n, InstalledDir(data)+"/"+n, Limits{}); err != nil {
			t.Fatal(err)
		}
	}
	writeBundle(t, InstalledDir(data), "broken", "handler: {run: nothing/here}\n")
	s, problems := load(t, Config{DataDir: data, Manifest: manifestOf(t.TempDir(), src+"/conflict")})
	for _, n := range []string{"helper", "base"} {
		if sk, ok := s.Get(n); !ok || !strings.HasPrefix(sk.Source, data) {
			t.Errorf("%s not loaded from the installed folder: %+v", n, sk)
		}
	}
	if !hasProblem(problems, "installed skill broken was not loaded", "nothing/here is not in the bundle") ||
		!hasProblem(problems, "conflict needs base ^3.0") {
		t.Errorf("problems %q", problems)
	}
}

// TestLoadDuplicateName: a second bundle of the same name is reported.
func TestLoadDuplicateName(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	writeBundle(t, a, "twin", "")
	writeBundle(t, b, "twin", "")
	s, problems := load(t, Config{Manifest: manifestOf(a, "twin", b+"/twin")})
	if _, ok := s.Get("twin"); !ok || !hasProblem(problems, "two skills are named twin") {
		t.Errorf("problems %q", problems)
	}
}

// TestBundleReplacesBuiltin: a bundle of a built-in's name replaces it.
func TestBundleReplacesBuiltin(t *testing.T) {
	dir := t.TempDir()
	writeBundle(t, dir, "greet", "")
	s, problems := load(t, Config{Manifest: manifestOf(dir, "greet")})
	sk, _ := s.Get("greet")
	if len(problems) > 0 || sk.Source != "greet" || len(s.Tools()) != len(s.Skills()) {
		t.Errorf("greet from %q, problems %q", sk.Source, problems)
	}
}
