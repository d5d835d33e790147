package skill

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrNotInstalled is wrapped by Remove and Info for a name not installed.
var ErrNotInstalled = errors.New("no such skill is installed")

// ErrInstalled is wrapped by Install when a skill of that name is there.
var ErrInstalled = errors.New("a skill of that name is already installed")

// Install puts the bundle at src — a folder, a .tar.gz or .zip file, or
// an https:// URL — into cfg.DataDir/skills/NAME, copying only files and
// folders, within cfg.Limits. It refuses to replace an installed skill.
func Install(ctx context.Context, cfg Config, src string) (*Bundle, error) {
	if cfg.DataDir == "" {
		return nil, errors.New("kin does not know its data folder, so it cannot install skills")
	}
	f := &fetcher{client: cfg.HTTPClient, lim: cfg.Limits}
	defer f.cleanup()
	dir, err := f.local(ctx, src, "")
	if err != nil {
		return nil, err
	}
	b, err := ReadBundle(dir)
	if err != nil {
		return nil, err
	}
	dest := filepath.Join(InstalledDir(cfg.DataDir), b.Name)
	if _, err := os.Stat(dest); err == nil {
		return nil, fmt.Errorf("%w: %s (remove it first with: kin skill remove %s)", ErrInstalled, b.Name, b.Name)
	}
	if err := os.MkdirAll(InstalledDir(cfg.DataDir), 0o755); err != nil {
		return nil, fmt.Errorf("cannot make the skills folder: %w", err)
	}
	tmp, err := os.MkdirTemp(InstalledDir(cfg.DataDir), ".adding-")
	if err != nil {
		return nil, fmt.Errorf("cannot install the skill: %w", err)
	}
	if err := copyTree(dir, tmp, cfg.Limits); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	if err := os.Rename(tmp, dest); err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("cannot install the skill: %w", err)
	}
	return Info(cfg.DataDir, b.Name)
}

// Info reads the installed bundle called name.
func Info(dataDir, name string) (*Bundle, error) {
	dir, err := installedPath(dataDir, name)
	if err != nil {
		return nil, err
	}
	b, err := ReadBundle(dir)
	if err != nil {
		return nil, err
	}
	b.URI, b.origin, b.trusted = dir, normURI(dir, ""), true
	return b, nil
}

// Remove deletes the installed bundle called name.
func Remove(dataDir, name string) error {
	dir, err := installedPath(dataDir, name)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("cannot remove the skill %s: %w", name, err)
	}
	return nil
}

// installedPath is the folder of an installed skill, checked to exist.
func installedPath(dataDir, name string) (string, error) {
	if !validName.MatchString(name) {
		return "", fmt.Errorf("%q is not a skill name (lowercase letters, digits, - and _)", name)
	}
	dir := filepath.Join(InstalledDir(dataDir), name)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", fmt.Errorf("%w: %s (kin skill list shows the installed ones)", ErrNotInstalled, name)
	}
	return dir, nil
}
