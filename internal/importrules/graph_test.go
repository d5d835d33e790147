package importrules

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// node is one package of the import graph.
type node struct {
	standard bool
	imports  []string // of its non-test files
	tests    []string // of its _test.go files (both package p and p_test)
}

// module is the import graph of every package of the module, with their dependencies.
type module struct {
	path  string           // module path
	root  string           // directory holding go.mod
	own   []string         // the module's packages (`go list ./...`)
	nodes map[string]*node // by import path
}

func (m module) std(p string) bool {
	n := m.nodes[p]
	return n != nil && n.standard
}

// violation is one forbidden import reached by a package, with the chain that reaches it.
type violation struct {
	chain []string
	test  bool // the first step is an import of the package's tests
}

// check returns the forbidden imports r finds from pkg, each through its shortest chain.
// The search does not go past a forbidden package nor into the standard library.
func (m module) check(r rule, pkg string) []violation {
	type step struct {
		prev string
		test bool
	}
	seen := map[string]step{pkg: {}}
	var found []violation
	queue := []string{pkg}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p != pkg && r.forbid(m, p) {
			chain := chainTo(p, func(q string) string { return seen[q].prev })
			found = append(found, violation{chain: chain, test: seen[p].test})
			continue
		}
		n := m.nodes[p]
		if n == nil || n.standard {
			continue
		}
		next := n.imports
		if p == pkg && r.tests {
			next = append(slices.Clone(n.imports), n.tests...) // tests last: prod chains win
		}
		for i, q := range next {
			if _, ok := seen[q]; !ok {
				seen[q] = step{prev: p, test: seen[p].test || i >= len(n.imports)}
				queue = append(queue, q)
			}
		}
	}
	return found
}

func chainTo(p string, prev func(string) string) []string {
	chain := []string{p}
	for q := prev(p); q != ""; q = prev(q) {
		chain = append(chain, q)
	}
	slices.Reverse(chain)
	return chain
}

func (v violation) String() string {
	s := strings.Join(v.chain, " -> ")
	if v.test {
		s += " (first import in _test.go files)"
	}
	return s
}

// hasGo reports whether dir holds a non-test .go file.
func hasGo(t *testing.T, dir string) bool {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	return slices.ContainsFunc(files, func(f string) bool { return !strings.HasSuffix(f, "_test.go") })
}

// listed is the part of `go list -json` output the test reads.
type listed struct {
	ImportPath string
	Name       string
	Standard   bool
	DepOnly    bool
	ForTest    string
	Imports    []string
	Error      *struct{ Err string }
}

// loadModule lists the module holding the test's directory with
// `go list -e -deps -test -json ./...` from the module root.
func loadModule(t *testing.T) module {
	t.Helper()
	root, path := findModule(t)
	cmd := exec.Command("go", "list", "-e", "-deps", "-test",
		"-json=ImportPath,Name,Standard,DepOnly,ForTest,Imports,Error", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list in %s: %v\n%s", root, err, stderr.Bytes())
	}
	var pkgs []listed
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		if p.Error != nil {
			t.Logf("go list: %s: %s", p.ImportPath, p.Error.Err) // the build reports it too
		}
		pkgs = append(pkgs, p)
	}
	return buildModule(root, path, pkgs)
}

// buildModule folds go list's test variants ("p [p.test]", "p_test [p.test]") into the
// tests of p, and drops the generated test mains ("p.test").
func buildModule(root, path string, pkgs []listed) module {
	m := module{path: path, root: root, nodes: map[string]*node{}}
	get := func(p string) *node {
		if m.nodes[p] == nil {
			m.nodes[p] = &node{}
		}
		return m.nodes[p]
	}
	var variants []listed
	for _, p := range pkgs {
		switch {
		case p.Name == "main" && strings.HasSuffix(p.ImportPath, ".test") && p.ForTest == "":
		case strings.Contains(p.ImportPath, " ["):
			variants = append(variants, p)
		default:
			n := get(p.ImportPath)
			n.standard, n.imports = p.Standard, p.Imports
			if !p.DepOnly {
				m.own = append(m.own, p.ImportPath)
			}
		}
	}
	for _, p := range variants {
		name := strip(p.ImportPath)
		imports := make([]string, len(p.Imports))
		for i, imp := range p.Imports {
			imports[i] = strip(imp)
		}
		switch {
		case name == p.ForTest || name == p.ForTest+"_test":
			n := get(p.ForTest)
			n.tests = append(n.tests, imports...)
		case m.nodes[name] == nil: // a dependency recompiled for a test, not listed alone
			get(name).imports = imports
		}
	}
	slices.Sort(m.own)
	return m
}

// strip turns "p [q.test]" into "p".
func strip(p string) string {
	name, _, _ := strings.Cut(p, " ")
	return name
}

// findModule walks up from the working directory to go.mod and returns its directory and
// the module path.
func findModule(t *testing.T) (root, path string) {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		f, err := os.Open(filepath.Join(dir, "go.mod"))
		if err == nil {
			defer f.Close()
			for sc := bufio.NewScanner(f); sc.Scan(); {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module"); ok {
					return dir, strings.Trim(strings.TrimSpace(rest), `"`)
				}
			}
			t.Fatalf("%s/go.mod has no module line", dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}
