package importrules

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const (
	ebiten = "github.com/hajimehoshi/ebiten/v2"
	oto    = "github.com/ebitengine/oto/v3"
	malgo  = "github.com/gen2brain/malgo"
)

// A rule forbids the packages matching from (module-relative patterns, "x/..." for x and
// everything below it) to reach, directly or through other packages, an import forbid
// reports.
type rule struct {
	name   string
	from   []string
	skip   func(rel string) bool // packages in from the rule does not apply to
	forbid func(m module, path string) bool
	tests  bool // also follow the imports of the package's own tests
	why    string
}

func rules() []rule {
	headless := []string{"avatar/...", "agent/...", "store/...", "shaders/...", "raster/..."}
	return []rule{{
		name:   "no display",
		from:   headless,
		forbid: external(ebiten),
		tests:  true,
		why:    "must build and go test with no display; only engine and main import ebiten",
	}, {
		name:   "kin runs headless",
		from:   []string{""},
		forbid: external(ebiten),
		tests:  true,
		why:    "the kin command must start with no display (chat, simulate, inspect, memory); the window lives in cmd/kin-window",
	}, {
		name:   "no sound card",
		from:   headless,
		skip:   func(rel string) bool { return strings.Contains(rel, "/device") },
		forbid: external(oto, malgo),
		tests:  true,
		why:    "must go test with no sound card; only the audio device package (and main, which wires it) imports oto or malgo",
	}, {
		name: "protocol is standard library only",
		from: []string{"agent/protocol/..."},
		forbid: func(m module, p string) bool {
			return !m.std(p) && !under(p, m.path+"/agent/protocol")
		},
		why: "agent/protocol is the dependency-free contract every layer shares",
	}, {
		name:   "avatar is below engine and store",
		from:   []string{"avatar/..."},
		forbid: internal("engine", "store"),
		why:    "import direction is main -> engine -> avatar -> agent/protocol",
	}, {
		name: "store is a leaf",
		from: []string{"store/..."},
		forbid: func(m module, p string) bool {
			return internal("engine", "avatar", "agent")(m, p) && !under(p, m.path+"/agent/protocol")
		},
		why: "agent reaches store only through an interface agent defines",
	}, {
		name:   "raster is a leaf",
		from:   []string{"raster/..."},
		forbid: internal("engine", "avatar", "agent", "store"),
		why:    "the CPU rasteriser knows triangles, materials and lights, not models: the engine hands it its frame",
	}, {
		name:   "agent does not reach up",
		from:   []string{"agent/..."},
		forbid: internal("engine", "avatar", "store"),
		why:    "agent/* talks to the rest of kin through agent/protocol only",
	}}
}

// external forbids the given import paths and everything below them.
func external(paths ...string) func(module, string) bool {
	return func(_ module, p string) bool {
		return slices.ContainsFunc(paths, func(x string) bool { return under(p, x) })
	}
}

// internal forbids the module's packages under the given module-relative directories.
func internal(dirs ...string) func(module, string) bool {
	return func(m module, p string) bool {
		return slices.ContainsFunc(dirs, func(d string) bool { return under(p, m.path+"/"+d) })
	}
}

// under reports whether p is path or below it.
func under(p, path string) bool {
	return p == path || strings.HasPrefix(p, path+"/")
}

// match reports whether the module-relative package path rel matches pattern.
func match(pattern, rel string) bool {
	if dir, ok := strings.CutSuffix(pattern, "/..."); ok {
		return under(rel, dir)
	}
	return rel == pattern
}

// apply checks every package of m that r applies to; it returns their module-relative
// paths and one message per violation.
func (m module) apply(r rule) (checked, errs []string) {
	for _, pkg := range m.own {
		rel := strings.TrimPrefix(strings.TrimPrefix(pkg, m.path), "/")
		if !slices.ContainsFunc(r.from, func(pat string) bool { return match(pat, rel) }) ||
			(r.skip != nil && r.skip(rel)) {
			continue
		}
		checked = append(checked, rel)
		for _, v := range m.check(r, pkg) {
			errs = append(errs, fmt.Sprintf("%s imports %s: %s", rel, v.chain[len(v.chain)-1], v))
		}
	}
	return checked, errs
}

func TestImportRules(t *testing.T) {
	m := loadModule(t)
	if len(m.own) == 0 {
		t.Fatalf("go list ./... in %s listed no packages: the rules checked nothing", m.root)
	}
	evaluated := map[string]bool{}
	for _, r := range rules() {
		t.Run(r.name, func(t *testing.T) {
			checked, errs := m.apply(r)
			for _, e := range errs {
				t.Errorf("%s\n\t%s", e, r.why)
			}
			for _, rel := range checked {
				evaluated[rel] = true
			}
			t.Logf("checked %d packages matching %v: %v", len(checked), r.from, checked)
		})
	}
	// Self-check: a directory that holds Go code must have been checked.
	for _, dir := range []string{"avatar", "agent/protocol", "store", "shaders"} {
		if hasGo(t, filepath.Join(m.root, dir)) && !evaluated[dir] {
			t.Errorf("%s holds Go files but no rule checked it: is it missing from go list ./...?", dir)
		}
	}
}

// TestCheck runs the rules on a made-up module, so that TestImportRules cannot pass
// because the search is broken.
func TestCheck(t *testing.T) {
	const mod = "example.com/kin"
	pkg := func(path string, imports ...string) listed {
		return listed{ImportPath: path, Imports: imports, DepOnly: !strings.HasPrefix(path, mod)}
	}
	storeTest := " [" + mod + "/store.test]"
	pkgs := []listed{
		pkg(mod+"/avatar", "fmt", mod+"/agent/protocol", mod+"/avatar/gltf"),
		pkg(mod+"/avatar/gltf", "example.com/helper"),
		pkg("example.com/helper", ebiten+"/vector"),
		pkg(ebiten+"/vector", ebiten),
		pkg(ebiten),
		pkg(mod+"/avatar/pose", mod+"/engine"),
		pkg(mod+"/engine", ebiten),
		pkg(mod+"/agent/protocol", "fmt", "example.com/pure"),
		pkg("example.com/pure"),
		{ImportPath: "fmt", Standard: true, DepOnly: true},
		pkg(mod+"/agent/voice/device", malgo, oto),
		pkg(mod+"/agent/voice", mod+"/agent/voice/device", mod+"/agent/protocol"),
		pkg(malgo),
		pkg(oto),
		pkg(mod+"/agent/tools", mod+"/store"),
		pkg(mod+"/store", mod+"/agent/protocol"),
		{ImportPath: mod + "/store" + storeTest, ForTest: mod + "/store", Imports: []string{"fmt"}},
		{ImportPath: mod + "/store_test" + storeTest, ForTest: mod + "/store",
			Imports: []string{mod + "/store" + storeTest, mod + "/agent/voice"}},
		{ImportPath: mod + "/store.test", Name: "main", Imports: []string{mod + "/store_test" + storeTest}},
	}
	m := buildModule("/nowhere", mod, pkgs)
	const k = "example.com/kin/"
	want := []string{
		"no display: avatar imports " + ebiten + "/vector: " +
			k + "avatar -> " + k + "avatar/gltf -> example.com/helper -> " + ebiten + "/vector",
		"no display: avatar/gltf imports " + ebiten + "/vector: " +
			k + "avatar/gltf -> example.com/helper -> " + ebiten + "/vector",
		"no display: avatar/pose imports " + ebiten + ": " + k + "avatar/pose -> " + k + "engine -> " + ebiten,
		"avatar is below engine and store: avatar/pose imports " + k + "engine: " + k + "avatar/pose -> " + k + "engine",
		"no sound card: agent/voice imports " + malgo + ": " + k + "agent/voice -> " + k + "agent/voice/device -> " + malgo,
		"no sound card: agent/voice imports " + oto + ": " + k + "agent/voice -> " + k + "agent/voice/device -> " + oto,
		"no sound card: store imports " + malgo + ": " + k + "store -> " + k + "agent/voice -> " + k +
			"agent/voice/device -> " + malgo + " (first import in _test.go files)",
		"no sound card: store imports " + oto + ": " + k + "store -> " + k + "agent/voice -> " + k +
			"agent/voice/device -> " + oto + " (first import in _test.go files)",
		"protocol is standard library only: agent/protocol imports example.com/pure: " +
			k + "agent/protocol -> example.com/pure",
		"agent does not reach up: agent/tools imports " + k + "store: " + k + "agent/tools -> " + k + "store",
	}
	var got []string
	for _, r := range rules() {
		_, errs := m.apply(r)
		for _, e := range errs {
			got = append(got, r.name+": "+e)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
