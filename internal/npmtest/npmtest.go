// Package npmtest installs pinned npm packages for tests that check kin
// against an independent implementation (ethers, IPFS's importer, the MCP
// SDK): once per machine into a cache under $TMPDIR. A test is skipped,
// saying why, when node or npm is missing or the registry cannot be
// reached; NODE_MODULES, when set, names a folder to use instead.
package npmtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Modules returns a node_modules folder holding pkgs ("name@version").
func Modules(t testing.TB, pkgs ...string) string {
	t.Helper()
	if m := os.Getenv("NODE_MODULES"); m != "" {
		return m
	}
	if testing.Short() {
		t.Skip("-short: no independent implementation from npm")
	}
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (scripts/deps.sh test installs it)", tool)
		}
	}
	sum := sha256.Sum256([]byte(strings.Join(pkgs, " ")))
	dir := filepath.Join(os.TempDir(), "kin-npm-"+hex.EncodeToString(sum[:6]))
	mods := filepath.Join(dir, "node_modules")
	if _, err := os.Stat(filepath.Join(dir, ".done")); err == nil {
		return mods
	}
	tmp, err := os.MkdirTemp(os.TempDir(), "kin-npm-install-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	args := append([]string{"install", "--no-audit", "--no-fund", "--prefix", tmp}, pkgs...)
	if out, err := exec.CommandContext(ctx, "npm", args...).CombinedOutput(); err != nil {
		t.Skipf("npm could not install %v (is the registry reachable?): %v\n%s", pkgs, err, out)
	}
	os.WriteFile(filepath.Join(tmp, ".done"), nil, 0o600)
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, ".done")); statErr != nil {
			t.Fatal(err)
		}
	}
	return mods
}
