package mcp

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// LoadOrCreateToken returns the bearer token kept in path, creating it
// (32 random bytes as hex, file mode 0600, directory 0700) on first use.
func LoadOrCreateToken(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err == nil {
		if tok := strings.TrimSpace(string(b)); tok != "" {
			return tok, nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("could not read kin's MCP token from %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", fmt.Errorf("could not create the folder for kin's MCP token (%s): %w", filepath.Dir(path), err)
	}
	raw := make([]byte, 32)
	rand.Read(raw) // never fails (crypto/rand panics instead)
	tok := hex.EncodeToString(raw)
	if err := writeSecret(path, tok+"\n"); err != nil {
		return "", fmt.Errorf("could not save kin's MCP token to %s: %w", path, err)
	}
	return tok, nil
}

// writeSecret writes data readable by the owner only, replacing any file
// atomically.
func writeSecret(path, data string) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".mcp-token-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // no-op after the rename
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.WriteString(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
