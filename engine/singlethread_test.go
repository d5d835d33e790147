package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOnlyTheLoopCallsEbitengine: kin runs Ebitengine in its single-thread
// mode (see singleThread), which is safe only while the game loop alone
// calls it. Every goroutine the engine starts — a function literal or a
// named function after `go` — must not call into an Ebitengine package in
// its body; it hands its result to the loop instead. (Calls it makes into
// other functions are not followed: keep goroutine bodies to work on
// plain data.)
func TestOnlyTheLoopCallsEbitengine(t *testing.T) {
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	funcs := map[string]*ast.FuncDecl{} // by name, methods included
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				funcs[fd.Name.Name] = fd
			}
		}
	}
	started := 0
	for _, f := range files {
		ebitenNames := ebitenImports(f)
		ast.Inspect(f, func(n ast.Node) bool {
			g, ok := n.(*ast.GoStmt)
			if !ok {
				return true
			}
			started++
			var body *ast.BlockStmt
			switch fn := g.Call.Fun.(type) {
			case *ast.FuncLit:
				body = fn.Body
			case *ast.Ident:
				if fd := funcs[fn.Name]; fd != nil {
					body = fd.Body
				}
			case *ast.SelectorExpr:
				if fd := funcs[fn.Sel.Name]; fd != nil {
					body = fd.Body
				}
			}
			if body == nil {
				return true
			}
			ast.Inspect(body, func(m ast.Node) bool {
				if sel, ok := m.(*ast.SelectorExpr); ok {
					if id, ok := sel.X.(*ast.Ident); ok && ebitenNames[id.Name] {
						t.Errorf("%s: a goroutine started at %s calls %s.%s; only the game loop may call Ebitengine",
							fset.Position(sel.Pos()), fset.Position(g.Pos()), id.Name, sel.Sel.Name)
					}
				}
				return true
			})
			return true
		})
	}
	if started == 0 {
		t.Fatal("found no go statements: the test reads the wrong files")
	}
}

// ebitenImports is the names under which file f imports Ebitengine's
// packages.
func ebitenImports(f *ast.File) map[string]bool {
	names := map[string]bool{}
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil || !strings.HasPrefix(path, "github.com/hajimehoshi/ebiten/") {
			continue
		}
		name := filepath.Base(path)
		if strings.HasPrefix(name, "v") && len(name) <= 3 { // …/ebiten/v2, …/text/v2
			name = filepath.Base(filepath.Dir(path))
		}
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[name] = true
	}
	return names
}
