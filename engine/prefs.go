package engine

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// Geometry is a window's position and size on the desktop.
type Geometry struct {
	X, Y, W, H int
}

// Prefs is what kin remembers between runs: where its window and its
// overlay were, and whether the keys have been shown.
type Prefs struct {
	Window  *Geometry `json:"window,omitempty"`
	Overlay *Geometry `json:"overlay,omitempty"`
	Desktop *Geometry `json:"desktop,omitempty"` // the character's place on the desktop canvas (X, Y)
	Tipped  bool      `json:"tipped,omitempty"`
}

// DefaultPrefsPath returns kin's preferences file in the user's config
// directory, or "" when there is none.
func DefaultPrefsPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "kin", "window.json")
}

// LoadPrefs reads preferences; a missing or unreadable file gives empty
// ones (remembering a window is a convenience, not worth failing over).
func LoadPrefs(path string) Prefs {
	var p Prefs
	if path == "" {
		return p
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return p
	}
	if json.Unmarshal(b, &p) != nil {
		return Prefs{}
	}
	return p
}

// Save writes preferences atomically.
func (p Prefs) Save(path string) error {
	if path == "" {
		return nil
	}
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return fmt.Errorf("engine: encode prefs: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("engine: save prefs: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("engine: save prefs: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("engine: save prefs: %w", err)
	}
	return nil
}

// slot returns the geometry slot of a mode.
func (p *Prefs) slot(overlay bool) **Geometry {
	if overlay {
		return &p.Overlay
	}
	return &p.Window
}
