// Package settings reads and writes kin's settings file,
// $XDG_CONFIG_HOME/kin/config.json: what a user sets once and keeps (the
// folders kin's file tools may touch, their location for the weather, the
// web search backend). Flags override it for one run. A file that does not
// parse is reported with its name, line and field, and kin starts with the
// defaults.
package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Settings is the content of config.json. Every field is optional.
type Settings struct {
	// Roots are the folders the file tools may read and change; empty
	// means the home folder without its secrets.
	Roots []string `json:"roots,omitempty"`
	// Location is where the user is, for get_location and get_weather.
	Location *Location `json:"location,omitempty"`
	// Units are "metric" (default) or "imperial".
	Units string `json:"units,omitempty"`
	// SearxngURL is a SearXNG instance for web_search (or KIN_SEARXNG_URL).
	SearxngURL string `json:"searxngUrl,omitempty"`
	// IPFSGateway loads ipfs:// characters and skills (or KIN_IPFS_GATEWAY;
	// default DefaultIPFSGateway); what it returns is checked against the CID.
	IPFSGateway string `json:"ipfsGateway,omitempty"`
	// AmbientPerception lets kin look at the screen now and then (opt-in):
	// when it has not changed for AmbientStillMinutes (default 5) while you
	// are there, or an error dialog appears, the character offers help once.
	AmbientPerception   bool `json:"ambientPerception,omitempty"`
	AmbientStillMinutes int  `json:"ambientStillMinutes,omitempty"`
	// MCPPort is where the window serves kin's MCP server on 127.0.0.1
	// (default DefaultMCPPort; -1 turns it off).
	MCPPort int `json:"mcpPort,omitempty"`
}

// DefaultIPFSGateway is the public gateway used unless the settings say another.
const DefaultIPFSGateway = "https://ipfs.io"

// DefaultMCPPort is the window's MCP port unless the settings say another.
const DefaultMCPPort = 7317

// Port returns the MCP port to use: MCPPort, DefaultMCPPort for 0, and
// false when the server is turned off.
func (s Settings) Port() (int, bool) {
	switch {
	case s.MCPPort < 0:
		return 0, false
	case s.MCPPort == 0:
		return DefaultMCPPort, true
	}
	return s.MCPPort, true
}

// Location is a named place.
type Location struct {
	Name      string  `json:"name,omitempty"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Timezone  string  `json:"timezone,omitempty"`
}

// DefaultPath is $XDG_CONFIG_HOME/kin/config.json.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("settings: no configuration folder: %w", err)
	}
	return filepath.Join(dir, "kin", "config.json"), nil
}

// Load reads path; a missing file gives the zero Settings and no error.
func Load(path string) (Settings, error) {
	var s Settings
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("%s: %w", path, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Settings{}, fmt.Errorf("%s: %s", path, describe(data, err))
	}
	return s, s.check(path)
}

func (s Settings) check(path string) error {
	for i, r := range s.Roots {
		if !filepath.IsAbs(r) && !strings.HasPrefix(r, "~") {
			return fmt.Errorf("%s: roots[%d] %q must be an absolute folder (or start with ~)", path, i, r)
		}
	}
	if l := s.Location; l != nil && (l.Latitude < -90 || l.Latitude > 90 || l.Longitude < -180 || l.Longitude > 180) {
		return fmt.Errorf("%s: location: latitude must be within ±90 and longitude within ±180", path)
	}
	if s.MCPPort > 65535 {
		return fmt.Errorf("%s: mcpPort %d is not a port (1–65535, or -1 for off)", path, s.MCPPort)
	}
	if s.Units != "" && s.Units != "metric" && s.Units != "imperial" {
		return fmt.Errorf("%s: units must be \"metric\" or \"imperial\", not %q", path, s.Units)
	}
	return nil
}

// Save writes s to path (0600, folders 0700), replacing the file whole.
func Save(path string, s Settings) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	return os.Rename(tmp, path)
}

// describe turns a JSON decoding error into "line L, column C: …" or
// "field F: …".
func describe(data []byte, err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		l, c := position(data, syn.Offset)
		return fmt.Sprintf("line %d, column %d: %v", l, c, syn)
	case errors.As(err, &typ):
		return fmt.Sprintf("field %s must be %s, not %s", typ.Field, typ.Type, typ.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		return strings.TrimPrefix(err.Error(), "json: ") + " (known: roots, location, units, searxngUrl, ipfsGateway, ambientPerception, ambientStillMinutes, mcpPort)"
	}
	return err.Error()
}

func position(data []byte, off int64) (line, col int) {
	line, col = 1, 1
	for _, b := range data[:min(int(off), len(data))] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
