package todo_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools/todo"
)

func TestStorageTools(t *testing.T) {
	for name, cfg := range backends(t) {
		t.Run(name, func(t *testing.T) {
			for _, c := range []struct {
				tool, args, want string
				err              bool
			}{
				{"storage_get", `{"key":"plan"}`, `storage_get: nothing is stored under "plan"; the scratchpad is empty`, true},
				{"storage_set", `{"key":"plan","value":"1. pack\n2. go"}`, `stored 13 bytes under "plan"`, false},
				{"storage_set", `{"key":"city","value":"Oslo"}`, `stored 4 bytes under "city"`, false},
				{"storage_get", `{"key":"plan"}`, "1. pack\n2. go", false},
				{"storage_set", `{"key":"plan","value":"done"}`, `stored 4 bytes under "plan"`, false},
				{"storage_get", `{"key":"plan"}`, "done", false},
				{"storage_get", `{"key":"plans"}`, `storage_get: nothing is stored under "plans"; stored keys: city, plan`, true},
				{"storage_set", `{"key":"plan","value":""}`, `removed "plan" from the scratchpad`, false},
				{"storage_get", `{"key":"plan"}`, `nothing is stored under "plan"; stored keys: city`, true},
				{"storage_get", `{}`, `storage_get: the argument "key" is missing`, true},
				{"storage_set", `{"value":"x"}`, `storage_set: the argument "key" is missing`, true},
				{"storage_set", `{"key":"k"}`, `storage_set: the argument "value" is missing`, true},
				{"storage_set", `{"key":" ","value":"x"}`, `storage_set: the argument "key" is empty`, true},
				{"storage_set", `{"key":"a\nb","value":"x"}`, `storage_set: the key "a\nb" has a control character`, true},
				{"storage_set", `{"key":"` + strings.Repeat("k", 129) + `","value":"x"}`, `storage_set: the key has 129 bytes, more than the 128 allowed`, true},
				{"storage_set", `{"key":"big","value":"` + strings.Repeat("v", 16<<10+1) + `"}`, `storage_set: the value has 16385 bytes, more than the 16384`, true},
				{"storage_set", `{"key":"n","value":5}`, `storage_set: bad arguments`, true},
			} {
				out, err := run(t, cfg, c.tool, c.args)
				got := out
				if err != nil {
					got = err.Error()
				}
				if (err != nil) != c.err || !strings.Contains(got, c.want) {
					t.Errorf("%s %.50s = %q, %v; want %q", c.tool, c.args, out, err, c.want)
				}
			}
		})
	}
}

// TestStorageFull fills the real store's scratchpad: the store's own
// limit reaches the model as a sentence.
func TestStorageFull(t *testing.T) {
	cfg := backends(t)["store"]
	for i := range 256 {
		if _, err := run(t, cfg, "storage_set", fmt.Sprintf(`{"key":"k%03d","value":"v"}`, i)); err != nil {
			t.Fatal(err)
		}
	}
	_, err := run(t, cfg, "storage_set", `{"key":"one more","value":"v"}`)
	if err == nil || !strings.Contains(err.Error(), "storage_set: nothing was stored") || !strings.Contains(err.Error(), "already holds 256 keys") {
		t.Errorf("full scratchpad: %v", err)
	}
	if _, err := run(t, cfg, "storage_get", `{"key":"missing"}`); err == nil || !strings.Contains(err.Error(), "stored keys (256, the first 50): k000, k001, k002") {
		t.Errorf("key list: %v", err)
	}
}

var _ todo.Scratchpad = (*todo.Mem)(nil)
