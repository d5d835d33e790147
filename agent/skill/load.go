package skill

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
)

// Config is what skills act on and where bundles come from. Every field is
// optional; a built-in skill whose dependency is missing is left out.
type Config struct {
	Bus       *protocol.Bus // speak, think and validate events; voice patterns are said here
	AgentName string        // how greet introduces kin (default "kin")
	Memory    memory.Store  // remember; nil leaves it out
	// Doctor checks a model file (kin doctor): present-model and
	// validate-model; nil leaves them out.
	Doctor func(path string) (errors, warnings int, summary string)
	// Character is the current character's model file, for validate-model
	// without a path and for present-model.
	Character func() string
	// Tools lists the registry's tools now, for help and for dependencies
	// on tools (wave, lookAt…).
	Tools func() []*tools.Tool
	// CallTool runs a registry tool by name, for bundles whose handler is
	// an MCP tool (mcp__SERVER__TOOL); nil makes those calls fail.
	CallTool func(ctx context.Context, name string, args json.RawMessage) (tools.Result, error)

	Manifest   *manifest.Manifest // its skills list, relative to its Dir
	DataDir    string             // installed bundles are in DataDir/skills
	Trust      Trust              // for the manifest's bundles; "" is any
	Owner      string             // owned-only: the author bundles must name
	Whitelist  []string           // whitelist: the URIs that may load
	HTTPClient *http.Client       // for https:// bundles; nil is http.DefaultClient
	// IPFS loads ipfs:// bundles (a tar.gz or zip), checking what came back
	// against the CID; nil refuses them.
	IPFS   func(ctx context.Context, uri string) ([]byte, error)
	Limits Limits
}

// InstalledDir is where installed bundles live under a data directory.
func InstalledDir(dataDir string) string { return filepath.Join(dataDir, "skills") }

// Set is the loaded skills: the built-in ones, then the bundles (a bundle
// of a built-in skill's name replaces it). It does not change after Load
// and is safe for concurrent use.
type Set struct {
	skills []*Skill
	tools  []*tools.Tool
	fetch  *fetcher
}

// Load builds the built-in skills and loads the manifest's and the
// installed bundles with their dependencies. Each bundle that cannot load
// is reported in the returned errors and skipped; the others load.
func Load(ctx context.Context, cfg Config) (*Set, []error) {
	s := &Set{fetch: &fetcher{client: cfg.HTTPClient, ipfs: cfg.IPFS, lim: cfg.Limits}}
	var problems []error
	for _, sk := range builtins(cfg, s) {
		if err := s.add(sk, cfg.Bus); err != nil {
			problems = append(problems, err)
		}
	}
	roots, errs := s.roots(ctx, cfg)
	problems = append(problems, errs...)
	base := ""
	if cfg.Manifest != nil {
		base = cfg.Manifest.Dir
	}
	r := &resolver{trust: newTrust(cfg, base), pool: map[string]*Bundle{}, known: s.known(cfg),
		chosen: map[string]*Bundle{}, why: map[string]string{}}
	if cfg.DataDir != "" {
		r.installed = InstalledDir(cfg.DataDir)
	}
	for _, b := range roots {
		if _, dup := r.pool[b.Name]; !dup {
			r.pool[b.Name] = b
		}
	}
	for _, b := range roots {
		if err := s.loadRoot(r, b, cfg); err != nil {
			problems = append(problems, fmt.Errorf("skill %s (%s) was not loaded: %w", b.Name, b.URI, err))
		}
	}
	return s, problems
}

// loadRoot resolves one bundle and adds it after its dependencies.
func (s *Set) loadRoot(r *resolver, root *Bundle, cfg Config) error {
	order, err := r.resolve(root)
	if err != nil {
		return err
	}
	for _, b := range order {
		sk, err := FromBundle(b, cfg)
		if err == nil {
			err = s.add(sk, cfg.Bus)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// roots reads the manifest's bundles, then the installed ones.
func (s *Set) roots(ctx context.Context, cfg Config) ([]*Bundle, []error) {
	var out []*Bundle
	var problems []error
	if m := cfg.Manifest; m != nil {
		for _, e := range m.Skills {
			b, err := s.manifestBundle(ctx, e, m.Dir)
			if err != nil {
				problems = append(problems, fmt.Errorf("skill %s (%s) was not loaded: %w", e.Label(), e.URI, err))
				continue
			}
			out = append(out, b)
		}
	}
	if cfg.DataDir != "" {
		bs, errs := Installed(cfg.DataDir)
		out, problems = append(out, bs...), append(problems, errs...)
	}
	return out, problems
}

// manifestBundle fetches and reads one manifest entry and checks its version.
func (s *Set) manifestBundle(ctx context.Context, e manifest.Skill, base string) (*Bundle, error) {
	dir, err := s.fetch.local(ctx, e.URI, base)
	if err != nil {
		return nil, err
	}
	b, err := ReadBundle(dir)
	if err != nil {
		return nil, err
	}
	b.URI, b.origin = e.URI, normURI(e.URI, base)
	c, err := ParseConstraint(e.Version)
	if err != nil {
		return nil, fmt.Errorf("the manifest's version: %w", err)
	}
	if !c.Allows(b.version()) {
		return nil, fmt.Errorf("version conflict: the manifest asks for %s %s, but the bundle is version %s", b.Name, c, shown(b.Version))
	}
	return b, nil
}

// Installed reads the bundles under DataDir/skills, by name; a folder
// that is not a valid bundle is reported.
func Installed(dataDir string) ([]*Bundle, []error) {
	dir := InstalledDir(dataDir)
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, []error{fmt.Errorf("cannot read the installed skills: %w", err)}
	}
	var out []*Bundle
	var problems []error
	for _, e := range entries {
		if !e.IsDir() || e.Name()[0] == '.' {
			continue
		}
		p := filepath.Join(dir, e.Name())
		b, err := ReadBundle(p)
		if err != nil {
			problems = append(problems, fmt.Errorf("installed skill %s was not loaded: %w", e.Name(), err))
			continue
		}
		b.URI, b.origin, b.trusted = p, normURI(p, ""), true
		out = append(out, b)
	}
	return out, problems
}

// known maps built-in skills to their version and the registry's other
// tools to "".
func (s *Set) known(cfg Config) map[string]string {
	k := map[string]string{}
	if cfg.Tools != nil {
		for _, t := range cfg.Tools() {
			k[t.Name] = ""
		}
	}
	for _, sk := range s.skills {
		k[sk.Name] = sk.Version
	}
	return k
}

// add appends a skill, replacing one of the same name.
func (s *Set) add(sk *Skill, bus *protocol.Bus) error {
	t, err := sk.Tool(bus)
	if err != nil {
		return err
	}
	if i := slices.IndexFunc(s.skills, func(o *Skill) bool { return o.Name == sk.Name }); i >= 0 {
		s.skills[i], s.tools[i] = sk, t
		return nil
	}
	s.skills, s.tools = append(s.skills, sk), append(s.tools, t)
	return nil
}

// Tools returns the skills as tools for the registry, in load order.
func (s *Set) Tools() []*tools.Tool { return slices.Clone(s.tools) }

// Skills returns the skills in load order.
func (s *Set) Skills() []*Skill { return slices.Clone(s.skills) }

// Get returns the named skill.
func (s *Set) Get(name string) (*Skill, bool) {
	i := slices.IndexFunc(s.skills, func(o *Skill) bool { return o.Name == name })
	if i < 0 {
		return nil, false
	}
	return s.skills[i], true
}

// Exposed returns the tools of the skills marked mcpExposed, sorted by name.
func (s *Set) Exposed() []*tools.Tool {
	var out []*tools.Tool
	for i, sk := range s.skills {
		if sk.MCPExposed {
			out = append(out, s.tools[i])
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Close removes the folders downloaded or unpacked bundles were put in.
// Their skills must not be called afterwards.
func (s *Set) Close() error { return s.fetch.cleanup() }
