package companion

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	agentmem "github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/scene"
	"github.com/kin-companion/kin/agent/skill"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/board"
	"github.com/kin-companion/kin/agent/tools/data"
	"github.com/kin-companion/kin/agent/tools/desktop"
	"github.com/kin-companion/kin/agent/tools/fs"
	"github.com/kin-companion/kin/agent/tools/memtools"
	"github.com/kin-companion/kin/agent/tools/system"
	"github.com/kin-companion/kin/agent/tools/todo"
	"github.com/kin-companion/kin/agent/tools/web"
	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/avatar/doctor"
	"github.com/kin-companion/kin/internal/settings"
	"github.com/kin-companion/kin/store"
)

// hands are the tools beyond the character's own: asking the user,
// changing voices, and acting on the computer and the web. Every one runs
// through the companion's permission gate.
func (c *Companion) hands(ctx context.Context, o Options, set settings.Settings, mem agentmem.Store) []*tools.Tool {
	ts := []*tools.Tool{tools.AskUser(o.Asker), tools.ChangeVoice(c.voice)}
	ts = append(ts, data.Tools(data.Config{})...)
	ts = append(ts, memtools.Tools(memtools.Config{Store: mem, Bus: o.Bus})...)
	tc := todo.Config{Todos: &todo.Mem{}, Scratch: &todo.Mem{}}
	if c.DB != nil {
		tc = todo.Config{Todos: todoStore{c.DB.Todos()}, Scratch: scratchpad{c.DB.Scratch()}}
	}
	ts = append(ts, todo.Tools(tc)...)
	roots, err := c.roots(o, set)
	if err != nil {
		c.Warnings = append(c.Warnings, err.Error()+"; the file and shell tools are off")
	} else {
		c.Roots = roots
		ts = append(ts, fs.Tools(fs.Config{Roots: roots})...)
		ts = append(ts, system.Tools(system.Config{Confine: roots.Resolve, DefaultDir: roots.List()[0]})...)
	}
	confine := func(p string) (string, error) { return "", fmt.Errorf("the file tools are off") }
	if roots != nil {
		confine = roots.Resolve
	}
	c.desktop = desktop.New(desktop.Config{Confine: confine})
	ts = append(ts, c.desktop.Tools()...)
	ts = append(ts, c.perception(ctx, o, set, ts)...)
	wc, err := webConfig(o, set)
	if err != nil {
		c.Warnings = append(c.Warnings, err.Error())
	}
	ts = append(ts, web.Tools(wc)...)
	ts = append(ts, board.Tools(board.Config{Bus: o.Bus})...)
	ts = append(ts, c.signAction(o))
	return append(ts, c.skills(ctx, o, set, mem, ts)...)
}

// skills loads the built-in skills and the manifest's and installed
// bundles; a bundle that cannot load is a warning, the others load.
func (c *Companion) skills(ctx context.Context, o Options, set settings.Settings, mem agentmem.Store, before []*tools.Tool) []*tools.Tool {
	dataDir := o.DataDir
	if dataDir == "" {
		dataDir, _ = store.DefaultDataDir()
	}
	cfg := skill.Config{Bus: o.Bus, AgentName: o.Manifest.Name, Memory: mem, Doctor: examine,
		Character: o.Character, Manifest: o.Manifest, DataDir: dataDir, IPFS: IPFSGateway(o.getenv(), set).Load,
		Tools: func() []*tools.Tool {
			if c.Runtime == nil { // while loading: the tools there will be
				return append(tools.Builtins(tools.Deps{Scene: &scene.Fake{}}, nil), before...)
			}
			return c.Runtime.Registry().All()
		},
		CallTool: func(ctx context.Context, name string, args json.RawMessage) (tools.Result, error) {
			return c.Runtime.Call(ctx, tools.CallerModel, name, args)
		}}
	loaded, problems := skill.Load(ctx, cfg)
	for _, err := range problems {
		c.Warnings = append(c.Warnings, "skill not loaded: "+err.Error())
	}
	c.skillSet = loaded
	return loaded.Tools()
}

// examine is the avatar doctor as the validate-model skill sees it.
func examine(path string) (errors, warnings int, summary string) {
	r := doctor.Examine(path)
	return len(r.Errors), len(r.Warnings), r.Summary()
}

// roots are the folders the file tools may use: --root for this run, else
// the settings file's, else the home without its secrets. kin's own data
// and settings are always out of reach. A folder that cannot be used is
// reported in c.Warnings and left out; err means none can be used.
func (c *Companion) roots(o Options, set settings.Settings) (*fs.Roots, error) {
	home, _ := os.UserHomeDir()
	data := o.DataDir
	if data == "" {
		data, _ = store.DefaultDataDir()
	}
	conf := ""
	if p, err := settings.DefaultPath(); err == nil {
		conf = filepath.Dir(p)
	}
	dirs := o.Roots
	if len(dirs) == 0 {
		dirs = set.Roots
	}
	if len(dirs) == 0 {
		return fs.DefaultRoots(home, data, conf), nil
	}
	// One missing folder (a home without ~/Documents, an unplugged disk) is
	// left out with a warning; the tools are off only when none is usable.
	roots, skipped, err := fs.UsableRoots(dirs, fs.DefaultExcludes(home, data, conf))
	if err == nil {
		for _, e := range skipped {
			c.Warnings = append(c.Warnings, e.Error()+"; it is left out and the file and shell tools use the other roots")
		}
	}
	return roots, err
}

// webConfig is the web tools' setup: the environment, then the settings
// file for what the environment leaves out.
func webConfig(o Options, set settings.Settings) (web.Config, error) {
	cfg, err := web.ConfigFromEnv(o.getenv())
	if cfg.SearxURL == "" {
		cfg.SearxURL = set.SearxngURL
	}
	if cfg.Location == nil && set.Location != nil {
		l := set.Location
		cfg.Location = &web.Location{Name: l.Name, Latitude: l.Latitude, Longitude: l.Longitude, Timezone: l.Timezone}
	}
	if cfg.Units == "" {
		cfg.Units = set.Units
	}
	return cfg, err
}

// switcher lets change_voice reach a realtime session.
type switcher struct {
	s      *realtime.Session
	voices []string
}

// SwitchVoice implements tools.VoiceSwitcher.
func (w switcher) SwitchVoice(v string) { w.s.SwitchVoice(v) }

// Voices implements tools.VoiceSwitcher.
func (w switcher) Voices() []string { return w.voices }

// voicesOf lists the voices of a realtime path, as the providers name them.
func voicesOf(path string) []string {
	if path == VoiceGemini {
		return []string{"Puck", "Charon", "Kore", "Fenrir", "Aoede", "Leda", "Orus", "Zephyr"}
	}
	return []string{"alloy", "ash", "ballad", "coral", "echo", "sage", "shimmer", "verse", "marin", "cedar"}
}
