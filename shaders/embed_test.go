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

// TestGeometryFeatures: each feature reaches the source as a constant, and
// features out of range or an unknown pass are refused.
func TestGeometryFeatures(t *testing.T) {
	src, err := Geometry(Color, Features{Alpha: 2, Textured: true, Wrap: [2]int{1, 2}, EmissiveTex: true, VertexLit: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"const alphaMode = 2", "const hasTex = 1", "const nearest = 0",
		"const wrapS = 1", "const wrapT = 2", "const emissiveTex = 1", "const vertexLit = 1", "func Fragment("} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("source lacks %q", want)
		}
	}
	for _, f := range []Features{{Alpha: 3}, {Alpha: -1}, {Wrap: [2]int{0, 3}}, {MToon: true, ShadeTex: 3},
		{MToon: true, ShadeTex: 2, Matcap: true}} {
		if _, err := Geometry(Color, f); err == nil {
			t.Errorf("%+v: want an error", f)
		}
	}
	if _, err := Geometry(Composite, Features{}); err == nil {
		t.Error("composite is not a geometry pass: want an error")
	}
	out := Final(Output{Opaque: true, Upscale: true})
	for _, want := range []string{"const opaque = 1", "const smooth = 0", "const upscale = 1"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("final pass lacks %q", want)
		}
	}
}

// TestMToonVariant: only an MToon material's colour pass carries MToon's
// uniforms and shading; the others get stand-ins.
func TestMToonVariant(t *testing.T) {
	for _, tc := range []struct {
		f    Features
		want bool
	}{
		{Features{}, false},
		{Features{Toon: true, Textured: true}, false},
		{Features{MToon: true, ShadeTex: 2, ToonRim: true}, true},
	} {
		src, err := Geometry(Color, tc.f)
		if err != nil {
			t.Fatal(err)
		}
		if got := bytes.Contains(src, []byte("var ShadeColor vec3")); got != tc.want {
			t.Errorf("%+v: MToon uniforms present %v, want %v", tc.f, got, tc.want)
		}
		if bytes.Count(src, []byte("func shadeMToon(")) != 1 {
			t.Errorf("%+v: want exactly one shadeMToon", tc.f)
		}
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
