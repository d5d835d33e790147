package fs

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed rootstool.md
var rootsDescription string

var rootsSchema = json.RawMessage(`{"type":"object","properties":{}}`)

// rootsTool returns fs_roots: the roots and what is excluded.
func (k *kit) rootsTool() *tools.Tool {
	return &tools.Tool{Name: "fs_roots", Description: rootsDescription, Schema: rootsSchema,
		Meta: tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low},
		Assess: func(json.RawMessage) tools.Assessment {
			return tools.Assessment{Summary: "list the folders kin may use"}
		},
		Run: func(context.Context, json.RawMessage) (string, error) {
			var b strings.Builder
			b.WriteString("Folders kin may use (relative paths start in the first):\n")
			for _, d := range k.roots.List() {
				fmt.Fprintf(&b, "  %s  (%s)\n", k.roots.Display(d), d)
			}
			if ex := k.roots.Excluded(); len(ex) > 0 {
				b.WriteString("Private places that are never touched:\n")
				for _, e := range ex {
					fmt.Fprintf(&b, "  %s\n", k.roots.Display(e))
				}
			}
			b.WriteString("Mount points inside a folder that show another disk or place are refused too.")
			return b.String(), nil
		}}
}
