package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"

	"golang.org/x/term"

	"github.com/kin-companion/kin/internal/settings"
)

const settingsUsage = `kin settings — what kin keeps in $XDG_CONFIG_HOME/kin/config.yaml

  kin settings [--json]            every setting, its value and where it came from
  kin settings get KEY             one setting's value
  kin settings set KEY VALUE       change a setting ("" goes back to the default);
                                   comments and order in the file are kept
  kin settings set-key PROVIDER    store an API key (typed hidden, or piped on stdin) in the
                                   desktop keyring, else in keys.yaml (mode 0600) beside the file
  kin settings path                where the settings file is

  PROVIDER: anthropic, openai, gemini, elevenlabs or brave. Lists (roots, alwaysAllow) are
  comma-separated; location is "Name; latitude; longitude; timezone".
`

// settingsStdin is where set-key reads a piped key (a variable for tests).
var settingsStdin io.Reader = os.Stdin

// cmdSettings runs `kin settings [--json] | get KEY | set KEY VALUE |
// set-key PROVIDER | path`.
func cmdSettings(args []string, stdout, stderr io.Writer) int {
	path, err := settings.DefaultPath()
	if err != nil {
		fmt.Fprintln(stderr, "kin settings:", err)
		return 1
	}
	sub := "show"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, args = args[0], args[1:]
	}
	switch {
	case sub == "show" && (len(args) == 0 || len(args) == 1 && args[0] == "--json"):
		return settingsShow(path, len(args) == 1, stdout, stderr)
	case sub == "path" && len(args) == 0:
		fmt.Fprintln(stdout, path)
		return 0
	case sub == "get" && len(args) == 1:
		return settingsGet(path, args[0], stdout, stderr)
	case sub == "set" && (len(args) == 2 || len(args) == 1):
		return settingsSet(path, args, stdout, stderr)
	case sub == "set-key" && len(args) == 1:
		return settingsSetKey(path, args[0], stdout, stderr)
	case sub == "help" || sub == "-h" || sub == "--help" || len(args) == 1 && (args[0] == "-h" || args[0] == "--help"):
		fmt.Fprint(stdout, settingsUsage)
		return 0
	}
	fmt.Fprint(stderr, settingsUsage)
	return 2
}

// origin is one setting as shown: its value and where it came from.
type origin struct {
	Key    string `json:"key"`
	Value  string `json:"value"`
	Source string `json:"source"`
}

// settingEnv are the environment variables that win over the file.
var settingEnv = map[string]string{"searxngUrl": "KIN_SEARXNG_URL", "ipfsGateway": "KIN_IPFS_GATEWAY",
	"units": "KIN_UNITS", "location": "KIN_LOCATION"}

// origins resolves every setting: environment, then the file, then the
// default.
func origins(f *settings.File) []origin {
	var out []origin
	for _, fl := range settings.Fields {
		o := origin{Key: fl.Key, Value: fl.Get(&f.Settings), Source: "default"}
		switch {
		case settingEnv[fl.Key] != "" && os.Getenv(settingEnv[fl.Key]) != "":
			o.Value, o.Source = os.Getenv(settingEnv[fl.Key]), "environment "+settingEnv[fl.Key]
		case f.Lines[fl.Key] > 0:
			o.Source = fmt.Sprintf("%s line %d", filepath.Base(f.Path), f.Lines[fl.Key])
		case f.Legacy != "" && o.Value != "" && o.Value != "false":
			o.Source = filepath.Base(f.Legacy)
		}
		if o.Source == "default" && (o.Value == "false" || o.Value == "") {
			o.Value = ""
		}
		out = append(out, o)
	}
	return out
}

func settingsShow(path string, asJSON bool, stdout, stderr io.Writer) int {
	f, err := settings.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "kin settings: %v\n", err)
		return 1
	}
	all := origins(f)
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(all)
		return 0
	}
	fmt.Fprintln(stdout, path)
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	for _, o := range all {
		v := o.Value
		if v == "" {
			v = "-"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", o.Key, v, o.Source)
	}
	tw.Flush()
	fmt.Fprintln(stdout, "API keys:")
	keys, _ := settings.DefaultKeys()
	providers := make([]string, 0, len(settings.KeyEnv))
	for p := range settings.KeyEnv {
		providers = append(providers, p)
	}
	sort.Strings(providers)
	for _, p := range providers {
		state := "not set"
		if os.Getenv(settings.KeyEnv[p]) != "" {
			state = "set (environment " + settings.KeyEnv[p] + ")"
		} else if v, err := keys.Get(p); err != nil {
			state = err.Error()
		} else if v != "" {
			state = "set (stored)"
		}
		fmt.Fprintf(stdout, "  %-11s %s\n", p, state)
	}
	return 0
}

func settingsGet(path, key string, stdout, stderr io.Writer) int {
	fl, ok := settings.Lookup(key)
	if !ok {
		fmt.Fprintf(stderr, "kin settings get: no setting %q (kin settings lists them)\n", key)
		return 2
	}
	f, err := settings.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "kin settings: %v\n", err)
		return 1
	}
	for _, o := range origins(f) {
		if o.Key == fl.Key {
			fmt.Fprintln(stdout, o.Value)
		}
	}
	return 0
}

func settingsSet(path string, args []string, stdout, stderr io.Writer) int {
	fl, ok := settings.Lookup(args[0])
	if !ok {
		fmt.Fprintf(stderr, "kin settings set: no setting %q (kin settings lists them)\n", args[0])
		return 2
	}
	value := ""
	if len(args) == 2 {
		value = args[1]
	}
	err := settings.Update(path, func(s *settings.Settings) error { return fl.Set(s, value) })
	if err != nil {
		fmt.Fprintf(stderr, "kin settings set: %v\n", err)
		return 1
	}
	if value == "" {
		fmt.Fprintf(stdout, "%s is back to its default (%s)\n", fl.Key, path)
	} else {
		fmt.Fprintf(stdout, "%s = %s (%s)\n", fl.Key, value, path)
	}
	return 0
}

func settingsSetKey(path, provider string, stdout, stderr io.Writer) int {
	key, err := readKey(provider, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "kin settings set-key: %v\n", err)
		return 1
	}
	where, err := settings.Keys{Dir: filepath.Dir(path)}.Set(strings.ToLower(provider), key)
	if err != nil {
		fmt.Fprintf(stderr, "kin settings set-key: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "the %s key is stored in %s\n", provider, where)
	return 0
}

// readKey reads a key typed at the terminal (not shown) or one line piped
// on stdin; never from the command line, where shells keep it.
func readKey(provider string, stderr io.Writer) (string, error) {
	if f, ok := settingsStdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprintf(stderr, "%s API key (not shown): ", provider)
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(stderr)
		return string(b), err
	}
	line, err := bufio.NewReader(settingsStdin).ReadString('\n')
	if err != nil && line == "" {
		return "", fmt.Errorf("no key on stdin (type it at a terminal, or pipe it: pass show openai | kin settings set-key openai)")
	}
	return strings.TrimSpace(line), nil
}
