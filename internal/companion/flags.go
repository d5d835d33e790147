package companion

import (
	"flag"
	"os"
	"strings"

	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/agent/provider"
)

// Flags are the command-line flags every kin command that talks shares:
// --agent, --provider, the language model's flag, --base-url, --data and
// --agent-id.
type Flags struct {
	agent, provider, model, baseURL, data, agentID *string
	localFirst, yes                                *bool
	roots                                          *multi
}

// multi is a repeatable string flag.
type multi []string

func (m *multi) String() string { return strings.Join(*m, ",") }

// Set implements flag.Value.
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

// AddFlags registers the flags on fs; modelFlag names the language model's
// flag ("model" in kin chat, "llm" in the window, where --model is the
// character's file).
func AddFlags(fs *flag.FlagSet, modelFlag string) *Flags {
	roots := &multi{}
	fs.Var(roots, "root", "a folder kin's file tools may use, for this run (repeatable; default: the config file's roots, else your home without its secrets)")
	return &Flags{
		roots:    roots,
		yes:      fs.Bool("yes", false, "run high-risk tools (shell, deleting, typing, clicking) without asking; for scripts"),
		agent:    fs.String("agent", "", "agent manifest: a JSON file or a folder with manifest.json"),
		provider: fs.String("provider", "", "anthropic, openai, azure, gemini, ollama, ollama-cloud, lmstudio or none (default: from the environment)"),
		model:    fs.String(modelFlag, "", "language model name (default: the manifest's, else the provider's)"),
		baseURL:  fs.String("base-url", "", "API base URL (OpenAI-compatible servers, proxies)"),
		data:     fs.String("data", "", "data directory (default $XDG_DATA_HOME/kin)"),
		agentID:  fs.String("agent-id", "", "which agent's memory to use (default: default)"),
		localFirst: fs.Bool("local-first", false,
			"prefer a local model (Ollama, LM Studio) with the cloud key's provider as its fallback"),
	}
}

// Manifest loads the --agent manifest, or returns the built-in agent.
func (f *Flags) Manifest() (*manifest.Manifest, error) {
	if *f.agent == "" {
		return manifest.Default(), nil
	}
	return manifest.Load(*f.agent)
}

// Options returns the companion options the flags and the manifest give:
// flags win over the manifest's brain fields, which win over the
// environment.
//
// The settings file (config.yaml) sits between the flags and the
// manifest; a file that does not parse is left for [Start] to report.
// Stored API keys (kin settings set-key) stand in for unset key variables.
func (f *Flags) Options(man *manifest.Manifest) Options {
	set, err := UserSettings()
	o := Options{DataDir: *f.data, AgentID: *f.agentID, Manifest: man, Roots: *f.roots, Yes: *f.yes, Provider: provider.Options{
		Provider:   first(*f.provider, set.Provider, man.Brain.Provider),
		Model:      first(*f.model, set.Model, man.Brain.Model),
		BaseURL:    first(*f.baseURL, man.Brain.BaseURL),
		LocalFirst: *f.localFirst,
		Getenv:     KeyedGetenv(os.Getenv),
	}}
	if err == nil {
		applySettings(man, set)
		o.Settings = &set
	}
	return o
}

func first(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}
