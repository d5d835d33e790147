package perceive

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports keeps the layering: perception never reaches the store, the
// avatar or the engine, so nothing it sees can be saved by accident.
func TestImports(t *testing.T) {
	banned := []string{"github.com/kin-companion/kin/store", "github.com/kin-companion/kin/avatar",
		"github.com/kin-companion/kin/engine", "github.com/hajimehoshi/ebiten"}
	files, _ := filepath.Glob("*.go")
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		checked++
		ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range ast.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			for _, b := range banned {
				if strings.HasPrefix(p, b) {
					t.Errorf("%s imports %s, which agent/perceive must not depend on", f, p)
				}
			}
		}
	}
	if checked < 4 {
		t.Fatalf("found only %d files; run the test from the package directory", checked)
	}
}
