package main

import (
	"fmt"
	"os"
	"testing"
)

// TestMain keeps every test away from the user's own data: commands that
// are not given --data fall back to $XDG_DATA_HOME/kin, here a throwaway
// folder.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "kin-test-data-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_DATA_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
