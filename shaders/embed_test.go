package shaders

import (
	"bytes"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestSources(t *testing.T) {
	for _, name := range Names {
		src, err := Source(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte("func Fragment(")) || !bytes.Contains(src, []byte("//kage:unit pixels")) {
			t.Errorf("%s: not a pixel-unit Kage shader with a Fragment function", name)
		}
		if bytes.Count(src, []byte("package main")) != 1 {
			t.Errorf("%s: want exactly one package clause", name)
		}
	}
	if _, err := Source("missing"); err == nil {
		t.Error("unknown name: want an error")
	}
}

// TestNoEbitenImport keeps this package free of Ebitengine, so it builds
// and tests without a display.
func TestNoEbitenImport(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "embed.go", nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		if strings.Contains(imp.Path.Value, "ebiten") {
			t.Errorf("shaders imports %s", imp.Path.Value)
		}
	}
}
