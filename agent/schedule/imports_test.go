package schedule

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports keeps kin's layering: the scheduler reaches the store only
// through its Store interface, and never the avatar or the engine.
func TestImports(t *testing.T) {
	banned := []string{"github.com/kin-companion/kin/avatar", "github.com/kin-companion/kin/engine",
		"github.com/kin-companion/kin/store", "github.com/hajimehoshi/ebiten"}
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
					t.Errorf("%s imports %s, which agent/schedule must not depend on", f, p)
				}
			}
		}
	}
	if checked < 5 {
		t.Fatalf("found only %d files; run the test from the package directory", checked)
	}
}
