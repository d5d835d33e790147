package data_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/data"
)

// tool returns the named tool of the family built from cfg.
func tool(t testing.TB, cfg data.Config, name string) *tools.Tool {
	t.Helper()
	for _, tl := range data.Tools(cfg) {
		if tl.Name == name {
			return tl
		}
	}
	t.Fatalf("no tool %s", name)
	return nil
}

// call runs tl with args marshalled to JSON.
func call(t testing.TB, tl *tools.Tool, args map[string]any) (string, error) {
	t.Helper()
	raw, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	return tl.Run(context.Background(), raw)
}
