package settings

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/kin-companion/kin/internal/keyring"
)

// KeyEnv maps the providers whose keys kin keeps to the environment
// variable each key stands in for.
var KeyEnv = map[string]string{
	"anthropic":    "ANTHROPIC_API_KEY",
	"openai":       "OPENAI_API_KEY",
	"gemini":       "GEMINI_API_KEY",
	"azure":        "AZURE_OPENAI_API_KEY",
	"ollama-cloud": "OLLAMA_API_KEY",
	"elevenlabs":   "ELEVENLABS_API_KEY",
	"brave":        "BRAVE_SEARCH_API_KEY",
}

// KeyFile is the fallback file's name, beside the settings file.
const KeyFile = "keys.yaml"

// Keys keeps API keys: in the desktop keyring (Secret Service) when one
// answers on the session bus, else in KeyFile (mode 0600) in Dir. A key is
// never written to the settings file.
type Keys struct {
	// Dir holds the fallback file: the settings file's folder.
	Dir string
	// Bus is the session bus's address; "" reads DBUS_SESSION_BUS_ADDRESS,
	// and without one only the file is used.
	Bus string
}

// DefaultKeys keeps keys beside the default settings file.
func DefaultKeys() (Keys, error) {
	p, err := DefaultPath()
	if err != nil {
		return Keys{}, err
	}
	return Keys{Dir: filepath.Dir(p)}, nil
}

func keyAttrs(provider string) map[string]string {
	return map[string]string{"application": "kin", "kind": "api-key", "name": provider}
}

// open connects to the keyring, or fails with keyring.ErrUnavailable.
func (k Keys) open() (*keyring.Keyring, error) {
	addr := k.Bus
	if addr == "" {
		addr = os.Getenv("DBUS_SESSION_BUS_ADDRESS")
	}
	if addr == "" {
		return nil, keyring.ErrUnavailable
	}
	return keyring.Open(addr)
}

func checkProvider(provider string) error {
	if _, ok := KeyEnv[provider]; ok {
		return nil
	}
	names := make([]string, 0, len(KeyEnv))
	for n := range KeyEnv {
		names = append(names, n)
	}
	sort.Strings(names)
	return fmt.Errorf("settings: kin keeps no key for %q (it keeps keys for %s)", provider, strings.Join(names, ", "))
}

// Set stores provider's key and says where: "the desktop keyring" or the
// file's path.
func (k Keys) Set(provider, key string) (string, error) {
	if err := checkProvider(provider); err != nil {
		return "", err
	}
	key = strings.TrimSpace(key)
	if key == "" {
		return "", errors.New("settings: the key is empty")
	}
	if r, err := k.open(); err == nil {
		defer r.Close()
		if err := r.Set("kin: "+provider+" API key", keyAttrs(provider), key); err != nil {
			return "", err
		}
		return "the desktop keyring", k.editFile(func(m map[string]string) { delete(m, provider) })
	}
	path := filepath.Join(k.Dir, KeyFile)
	return path, k.editFile(func(m map[string]string) { m[provider] = key })
}

// Get returns provider's key: the keyring's, else the file's; "" and no
// error when neither has one.
func (k Keys) Get(provider string) (string, error) {
	if err := checkProvider(provider); err != nil {
		return "", err
	}
	var ringErr error
	if r, err := k.open(); err == nil {
		v, err := r.Get(keyAttrs(provider))
		r.Close()
		if err == nil {
			return v, nil
		}
		if !errors.Is(err, keyring.ErrNotFound) {
			ringErr = err
		}
	}
	m, err := k.readFile()
	if err != nil {
		return "", err
	}
	if v := m[provider]; v != "" {
		return v, nil
	}
	return "", ringErr
}

// Getenv wraps getenv (nil: os.Getenv): an API key variable that is not
// set is answered with the stored key. The environment wins; stored keys
// are looked up once each.
func (k Keys) Getenv(getenv func(string) string) func(string) string {
	if getenv == nil {
		getenv = os.Getenv
	}
	provider := map[string]string{}
	for p, env := range KeyEnv {
		provider[env] = p
	}
	var mu sync.Mutex
	cache := map[string]string{}
	return func(name string) string {
		if v := getenv(name); v != "" {
			return v
		}
		p, ok := provider[name]
		if !ok {
			return ""
		}
		mu.Lock()
		defer mu.Unlock()
		v, seen := cache[p]
		if !seen {
			v, _ = k.Get(p)
			cache[p] = v
		}
		return v
	}
}

// readFile reads the fallback file; one readable by others is refused.
func (k Keys) readFile() (map[string]string, error) {
	path := filepath.Join(k.Dir, KeyFile)
	m := map[string]string{}
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("settings: %s can be read by others (mode %v); kin will not use its keys until you run chmod 600 %s", path, fi.Mode().Perm(), path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	if err := yaml.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %s", path, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return m, nil
}

// editFile changes the fallback file (0600); an empty result removes it.
func (k Keys) editFile(change func(map[string]string)) error {
	m, err := k.readFile()
	if err != nil {
		return err
	}
	before := len(m)
	change(m)
	path := filepath.Join(k.Dir, KeyFile)
	if len(m) == 0 {
		if before > 0 {
			return os.Remove(path)
		}
		return nil
	}
	data, err := yaml.Marshal(m)
	if err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	return writeFile(path, append([]byte("# kin's API keys (kin settings set-key PROVIDER); keep this file private\n"), data...))
}
