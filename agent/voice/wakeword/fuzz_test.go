package wakeword

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoad: any template file loads or fails with an error, never a panic.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(`{"name":"kin","frames":[[0.1,0.2],[0.3,0.4]],"threshold":0.5}`))
	f.Add([]byte(`{"name":"kin","frames":[]}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "w.json")
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		_, _ = Load(p)
	})
}
