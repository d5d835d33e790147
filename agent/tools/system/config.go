package system

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

// Config is what the system tools need from their host.
type Config struct {
	// Confine checks a working directory the model asked for and returns
	// the path to use, or an error saying why it is not allowed. The path
	// it receives is absolute and cleaned. Nil allows any existing
	// directory.
	Confine func(path string) (string, error)
	// DefaultDir is where commands run when the call names no cwd, and
	// what a relative cwd is resolved against. Empty: the user's home.
	DefaultDir string
	// Environ returns the environment commands start from, as KEY=VALUE
	// strings, before secrets are removed. Nil: os.Environ.
	Environ func() []string
}

// Tools returns the system tool family built on cfg, in the order they are
// offered: exec_shell (high risk), process_list (low, read-only) and
// process_kill (high risk).
func Tools(cfg Config) []*tools.Tool {
	if cfg.Environ == nil {
		cfg.Environ = os.Environ
	}
	if cfg.DefaultDir == "" {
		cfg.DefaultDir, _ = os.UserHomeDir()
	}
	return []*tools.Tool{execShell(cfg), processList(), processKill()}
}

// workDir resolves the cwd argument: empty means cfg.DefaultDir, "~"
// means the home directory, a relative path lies under cfg.DefaultDir.
// The result has passed cfg.Confine and is an existing directory.
func (cfg Config) workDir(cwd string) (string, error) {
	if strings.TrimSpace(cwd) == "" {
		return checkDir(cfg.DefaultDir, "the default working directory")
	}
	p := absPath(cwd, cfg.DefaultDir)
	if cfg.Confine != nil {
		confined, err := cfg.Confine(p)
		if err != nil {
			return "", fmt.Errorf("the working directory %q is not allowed: %v", cwd, err)
		}
		p = confined
	}
	return checkDir(p, fmt.Sprintf("the working directory %q", cwd))
}

// absPath expands a leading ~ and makes p absolute against base.
func absPath(p, base string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			p = filepath.Join(home, p[1:])
		}
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(base, p)
	}
	return filepath.Clean(p)
}

func checkDir(p, what string) (string, error) {
	fi, err := os.Stat(p)
	switch {
	case err != nil && errors.Is(err, os.ErrNotExist):
		return "", fmt.Errorf("%s (%s) does not exist; give an existing directory", what, p)
	case err != nil:
		return "", fmt.Errorf("%s (%s) cannot be used: %v", what, p, err)
	case !fi.IsDir():
		return "", fmt.Errorf("%s (%s) is a file, not a directory", what, p)
	}
	return p, nil
}

// tilde shortens a path under the home directory to ~/…, for summaries.
func tilde(p string) string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" || home == "/" {
		return p
	}
	if p == home {
		return "~"
	}
	if rest, ok := strings.CutPrefix(p, home+string(filepath.Separator)); ok {
		return "~/" + rest
	}
	return p
}

// clip shortens s to at most n runes, marking the cut with "…".
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
