package skill

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// resolver loads bundles with their dependencies, depth first, so that a
// skill's dependencies are loaded before it.
type resolver struct {
	trust     trustPolicy
	pool      map[string]*Bundle // roots by name: the manifest's, then installed
	installed string             // DATA/skills, "" for none
	known     map[string]string  // built-in skills and tools: name → version ("" for a tool)
	chosen    map[string]*Bundle // loaded so far
	why       map[string]string  // name → the chain that chose it
}

// walk is one root's tentative resolution, committed when it succeeds.
type walk struct {
	chosen map[string]*Bundle
	why    map[string]string
	order  []*Bundle
}

// resolve returns root and its dependencies not yet loaded, dependencies
// first, or an error naming the chain that failed.
func (r *resolver) resolve(root *Bundle) ([]*Bundle, error) {
	if prev, ok := r.chosen[root.Name]; ok {
		if prev.Dir == root.Dir {
			return nil, nil
		}
		return nil, fmt.Errorf("two skills are named %s (%s and %s); only the first is loaded", root.Name, prev.URI, root.URI)
	}
	if err := r.trust.check(root); err != nil {
		return nil, err
	}
	w := &walk{chosen: maps.Clone(r.chosen), why: maps.Clone(r.why)}
	if err := r.visit(w, root, []string{root.Name}); err != nil {
		return nil, err
	}
	w.chosen[root.Name], w.why[root.Name] = root, root.Name
	w.order = append(w.order, root)
	r.chosen, r.why = w.chosen, w.why
	return w.order, nil
}

// visit resolves b's dependencies; path is the chain from the root to b.
func (r *resolver) visit(w *walk, b *Bundle, path []string) error {
	for _, d := range b.Dependencies {
		chain := append(slices.Clone(path), d.Name)
		if slices.Contains(path, d.Name) {
			return fmt.Errorf("dependency cycle: %s", arrow(chain))
		}
		if v, ok := r.known[d.Name]; ok {
			if err := builtinAllows(d, v, chain); err != nil {
				return err
			}
			continue
		}
		if dep, ok := w.chosen[d.Name]; ok {
			if !d.Constraint.Allows(dep.version()) {
				return fmt.Errorf("version conflict: %s needs %s %s, but %s %s is already loaded for %s",
					arrow(chain[:len(chain)-1]), d.Name, d.Constraint, d.Name, shown(dep.Version), w.why[d.Name])
			}
			continue
		}
		dep, err := r.find(d, b, chain)
		if err != nil {
			return err
		}
		if err := r.visit(w, dep, chain); err != nil {
			return err
		}
		w.chosen[d.Name], w.why[d.Name] = dep, arrow(chain)
		w.order = append(w.order, dep)
	}
	return nil
}

// find looks for a dependency among the roots, beside the bundle that
// needs it, then among the installed bundles.
func (r *resolver) find(d Dependency, from *Bundle, chain []string) (*Bundle, error) {
	dep, err := r.lookup(d.Name, from)
	if err != nil {
		return nil, fmt.Errorf("dependency %s: %w", arrow(chain), err)
	}
	if dep == nil {
		return nil, fmt.Errorf("missing dependency: %s: no skill named %s is built in, listed in the manifest, installed or beside %s (needs %s)",
			arrow(chain), d.Name, from.Name, d.Constraint)
	}
	if !d.Constraint.Allows(dep.version()) {
		return nil, fmt.Errorf("version conflict: %s needs %s %s, but the %s found in %s is version %s",
			arrow(chain[:len(chain)-1]), d.Name, d.Constraint, d.Name, dep.Dir, shown(dep.Version))
	}
	if err := r.trust.check(dep); err != nil {
		return nil, fmt.Errorf("dependency %s: %w", arrow(chain), err)
	}
	return dep, nil
}

// lookup returns the bundle called name, nil when there is none.
func (r *resolver) lookup(name string, from *Bundle) (*Bundle, error) {
	if b, ok := r.pool[name]; ok {
		return b, nil
	}
	type place struct {
		dir     string
		trusted bool
	}
	places := []place{{filepath.Join(filepath.Dir(from.Dir), name), from.trusted}}
	if r.installed != "" {
		places = append(places, place{filepath.Join(r.installed, name), true})
	}
	for _, p := range places {
		if _, err := os.Stat(filepath.Join(p.dir, SkillFile)); err != nil {
			continue
		}
		b, err := ReadBundle(p.dir)
		if err != nil {
			return nil, err
		}
		if b.Name != name {
			continue
		}
		b.URI, b.origin, b.trusted = "file://"+filepath.ToSlash(p.dir), normURI(p.dir, ""), p.trusted
		return b, nil
	}
	return nil, nil
}

// builtinAllows checks a dependency on a built-in skill (version v) or a
// tool (no version: any requirement but "*" is a conflict).
func builtinAllows(d Dependency, v string, chain []string) error {
	if d.Constraint.Any() {
		return nil
	}
	if v == "" {
		return fmt.Errorf("version conflict: %s needs %s %s, but %s is one of kin's tools and has no version",
			arrow(chain[:len(chain)-1]), d.Name, d.Constraint, d.Name)
	}
	pv, _ := ParseVersion(v)
	if !d.Constraint.Allows(pv) {
		return fmt.Errorf("version conflict: %s needs %s %s, but kin's built-in %s is version %s",
			arrow(chain[:len(chain)-1]), d.Name, d.Constraint, d.Name, v)
	}
	return nil
}

func arrow(chain []string) string { return strings.Join(chain, " → ") }

func shown(v string) string {
	if v == "" {
		return "0.0.0 (none given)"
	}
	return v
}
