package skill

import (
	"strings"
	"testing"
)

func TestParseBundle(t *testing.T) {
	const head = "---\nname: ok\ndescription: Fine.\n"
	for _, c := range []struct {
		name, doc, err string
	}{
		{"minimal", head + "---\nbody", ""},
		{"unknown keys ignored", head + "license: MIT\nallowed-tools: [Read]\n---\n", ""},
		{"no frontmatter", "# Just markdown", "must start with a frontmatter block"},
		{"unclosed", "---\nname: x\n", "never closed"},
		{"bad yaml", "---\nname: [x\n---\n", "not valid YAML"},
		{"no name", "---\ndescription: d\n---\n", `field "name"`},
		{"upper-case name", "---\nname: Hello\ndescription: d\n---\n", `field "name"`},
		{"mcp name", "---\nname: mcp__a__b\ndescription: d\n---\n", `field "name"`},
		{"no description", "---\nname: x\n---\n", `field "description": required`},
		{"bad version", head + "version: one\n---\n", `field "version"`},
		{"bad timeout", head + "timeout: soon\n---\n", `field "timeout"`},
		{"two handlers", head + "handler: {mcp: a/b, run: x}\n---\n", "not both"},
		{"bad mcp", head + "handler: {mcp: a}\n---\n", "SERVER/TOOL"},
		{"run outside", head + "handler: {run: ../x}\n---\n", "inside the bundle"},
		{"run absolute", head + "handler: {run: /bin/sh}\n---\n", "inside the bundle"},
		{"bad dependency", head + "dependencies: [\"a@^x\"]\n---\n", `field "dependencies": line 4: a:`},
		{"dependency as mapping", head + "dependencies: {a: [1]}\n---\n", ""},
		{"dependencies not a list", head + "dependencies: a\n---\n", "want a list"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseBundle(c.doc)
			if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
				t.Errorf("error %v, want %q", err, c.err)
			}
		})
	}
}

func TestParseBundleFields(t *testing.T) {
	b, err := ParseBundle("---\nname: w\ndescription: d\nversion: 1.2\nanimationHint: nod\nvoicePattern: \"{{x}}\"\nmcpExposed: true\n" +
		"inputSchema: {type: object, properties: {x: {type: integer}}}\ndependencies: [\"a@^1.2\", \"b >=1 <2\", c]\n---\n\n# Steps\n")
	if err != nil {
		t.Fatal(err)
	}
	var deps []string
	for _, d := range b.Dependencies {
		deps = append(deps, d.String())
	}
	if b.Version != "1.2" || b.AnimationHint != "nod" || !b.MCPExposed || b.Instruction != "# Steps" || b.Handler.Kind() != "instruction" ||
		string(b.InputSchema) != `{"properties":{"x":{"type":"integer"}},"type":"object"}` || strings.Join(deps, ",") != "a ^1.2,b >=1 <2,c" {
		t.Errorf("%+v deps %v", b, deps)
	}
}
