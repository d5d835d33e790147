// Package settings reads and writes kin's settings file,
// $XDG_CONFIG_HOME/kin/config.yaml: what a user sets once and keeps (the
// agent's name and persona, the character, the model and voice, the
// devices, the folders kin's file tools may touch, the window mode, …).
// Flags override it for one run. A rewrite keeps the user's comments and
// key order (the file is edited as a YAML node tree); a file that does not
// parse is reported with its name and line, kin starts with the defaults
// and the file is never overwritten. An older config.json is still read
// and becomes config.yaml at the first save. API keys are never in the
// file: see [Keys].
package settings

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Settings is the content of config.yaml. Every field is optional; the
// zero value means "kin's default".
type Settings struct {
	// Name is the agent's name (default: the manifest's, else "kin").
	Name string `yaml:"name,omitempty" json:"name,omitempty"`
	// Persona is extra instructions added to the agent's own.
	Persona string `yaml:"persona,omitempty" json:"persona,omitempty"`
	// Character is the GLB, glTF or VRM file to show.
	Character string `yaml:"character,omitempty" json:"character,omitempty"`
	// Provider is the language model provider (anthropic, openai, gemini,
	// azure, ollama, ollama-cloud, lmstudio, none); "" chooses from the API keys.
	Provider string `yaml:"provider,omitempty" json:"provider,omitempty"`
	// Model is the language model's name.
	Model string `yaml:"model,omitempty" json:"model,omitempty"`
	// Voice is the voice path: auto, openai-realtime, gemini-live, cascade or off.
	Voice string `yaml:"voice,omitempty" json:"voice,omitempty"`
	// VoiceName is the provider's voice (e.g. alloy, Puck, an ElevenLabs id).
	VoiceName string `yaml:"voiceName,omitempty" json:"voiceName,omitempty"`
	// TTS is the cascaded voice's speech: espeak, openai or elevenlabs.
	TTS string `yaml:"tts,omitempty" json:"tts,omitempty"`
	// WakeWord is a wake word recorded with `kin wakeword record NAME`.
	WakeWord string `yaml:"wakeWord,omitempty" json:"wakeWord,omitempty"`
	// TalkKey is the global push-to-talk key (e.g. F9, ctrl+space).
	TalkKey string `yaml:"talkKey,omitempty" json:"talkKey,omitempty"`
	// Microphone and Speaker are device names, or part of them.
	Microphone string `yaml:"microphone,omitempty" json:"microphone,omitempty"`
	Speaker    string `yaml:"speaker,omitempty" json:"speaker,omitempty"`
	// MicMuted keeps the microphone closed until unmuted.
	MicMuted bool `yaml:"micMuted,omitempty" json:"micMuted,omitempty"`
	// Roots are the folders the file tools may read and change; empty
	// means the home folder without its secrets.
	Roots []string `yaml:"roots,omitempty" json:"roots,omitempty"`
	// AlwaysAllow are tools that run without asking (as `kin permissions
	// allow TOOL` grants them).
	AlwaysAllow []string `yaml:"alwaysAllow,omitempty" json:"alwaysAllow,omitempty"`
	// Mode is how the window starts: window, overlay or desktop.
	Mode string `yaml:"mode,omitempty" json:"mode,omitempty"`
	// FPS caps the frame rate (default 60 in a window, 30 as overlay).
	FPS int `yaml:"fps,omitempty" json:"fps,omitempty"`
	// Location is where the user is, for get_location and get_weather.
	Location *Location `yaml:"location,omitempty" json:"location,omitempty"`
	// Units are "metric" (default) or "imperial".
	Units string `yaml:"units,omitempty" json:"units,omitempty"`
	// SearxngURL is a SearXNG instance for web_search (or KIN_SEARXNG_URL).
	SearxngURL string `yaml:"searxngUrl,omitempty" json:"searxngUrl,omitempty"`
	// IPFSGateway loads ipfs:// characters and skills (or KIN_IPFS_GATEWAY;
	// default DefaultIPFSGateway); what it returns is checked against the CID.
	IPFSGateway string `yaml:"ipfsGateway,omitempty" json:"ipfsGateway,omitempty"`
	// AmbientPerception lets kin look at the screen now and then (opt-in):
	// when it has not changed for AmbientStillMinutes (default 5) while you
	// are there, or an error dialog appears, the character offers help once.
	AmbientPerception   bool `yaml:"ambientPerception,omitempty" json:"ambientPerception,omitempty"`
	AmbientStillMinutes int  `yaml:"ambientStillMinutes,omitempty" json:"ambientStillMinutes,omitempty"`
	// MCPPort is where the window serves kin's MCP server on 127.0.0.1
	// (default DefaultMCPPort; -1 turns it off).
	MCPPort int `yaml:"mcpPort,omitempty" json:"mcpPort,omitempty"`
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
	Name      string  `yaml:"name,omitempty" json:"name,omitempty"`
	Latitude  float64 `yaml:"latitude" json:"latitude"`
	Longitude float64 `yaml:"longitude" json:"longitude"`
	Timezone  string  `yaml:"timezone,omitempty" json:"timezone,omitempty"`
}

// DefaultPath is $XDG_CONFIG_HOME/kin/config.yaml.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("settings: no configuration folder: %w", err)
	}
	return filepath.Join(dir, "kin", "config.yaml"), nil
}

// legacyPath is the config.json beside path, read while path is missing.
func legacyPath(path string) string {
	return filepath.Join(filepath.Dir(path), "config.json")
}

// oneOf checks that v is empty or one of the allowed words.
func oneOf(key, v string, allowed ...string) error {
	if v == "" {
		return nil
	}
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	return fmt.Errorf("%s must be one of %s, not %q", key, strings.Join(allowed, ", "), v)
}

// fieldError is a value that is wrong, with the key it belongs to (so
// that the file's line can be named).
type fieldError struct {
	key string
	err error
}

func (e *fieldError) Error() string { return e.err.Error() }

// check validates the values; the error names the field.
func (s Settings) check() error {
	bad := func(key string, format string, args ...any) error {
		return &fieldError{key, fmt.Errorf(format, args...)}
	}
	for i, r := range s.Roots {
		if !filepath.IsAbs(r) && !strings.HasPrefix(r, "~") {
			return bad(fmt.Sprintf("roots[%d]", i), "roots[%d] %q must be an absolute folder (or start with ~)", i, r)
		}
	}
	if l := s.Location; l != nil && (l.Latitude < -90 || l.Latitude > 90 || l.Longitude < -180 || l.Longitude > 180) {
		return bad("location", "location: latitude must be within ±90 and longitude within ±180")
	}
	if s.MCPPort > 65535 || s.MCPPort < -1 {
		return bad("mcpPort", "mcpPort %d is not a port (1–65535, or -1 for off)", s.MCPPort)
	}
	if l := s.Location; l != nil && l.Timezone != "" {
		if _, err := time.LoadLocation(l.Timezone); err != nil {
			return bad("location", "location: timezone %q is not one kin knows (an IANA name such as Europe/Lisbon)", l.Timezone)
		}
	}
	for _, u := range []struct{ key, v string }{{"searxngUrl", s.SearxngURL}, {"ipfsGateway", s.IPFSGateway}} {
		if p, err := url.Parse(u.v); u.v != "" && (err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "") {
			return bad(u.key, "%s %q must be an http:// or https:// address", u.key, u.v)
		}
	}
	if s.AmbientStillMinutes < 0 {
		return bad("ambientStillMinutes", "ambientStillMinutes %d must be 1 or more (0 for the default)", s.AmbientStillMinutes)
	}
	if s.WakeWord != "" {
		if err := CheckWakeWordName(s.WakeWord); err != nil {
			return bad("wakeWord", "wakeWord: %v", err)
		}
	}
	if s.FPS < 0 || s.FPS > 240 {
		return bad("fps", "fps %d must be between 1 and 240 (0 for the default)", s.FPS)
	}
	for _, c := range []struct {
		key, v string
		words  []string
	}{{"units", s.Units, []string{"metric", "imperial"}}, {"voice", s.Voice, VoicePaths}, {"tts", s.TTS, TTSEngines},
		{"mode", s.Mode, Modes}, {"provider", s.Provider, Providers}} {
		if err := oneOf(c.key, c.v, c.words...); err != nil {
			return &fieldError{c.key, err}
		}
	}
	return nil
}

// The words some fields take, in the order a panel cycles through them.
var (
	VoicePaths = []string{"auto", "openai-realtime", "gemini-live", "cascade", "off"}
	Modes      = []string{"window", "overlay", "desktop"}
	Providers  = []string{"anthropic", "openai", "gemini", "azure", "ollama", "ollama-cloud", "lmstudio", "none"}
	TTSEngines = []string{"espeak", "openai", "elevenlabs"}
)

// CheckWakeWordName refuses a wake word name that is not one file's name
// in the wake-word folder: empty, or holding a path (/, \, ..).
func CheckWakeWordName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return fmt.Errorf("a wake word needs a name")
	case strings.ContainsAny(name, `/\`) || strings.Contains(name, "..") || strings.HasPrefix(name, "."):
		return fmt.Errorf("wake word name %q must be a plain name (no /, \\ or ..), e.g. hey-kin", name)
	}
	return nil
}
