// Command kin-window is kin's window: the character on screen in a window
// or as a desktop overlay, and offscreen pictures (kin shot). The kin
// command runs it for those subcommands, so that everything else in kin
// works on machines with no display (Ebitengine needs one at start-up).
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/agent/provider"
	"github.com/kin-companion/kin/agent/provider/null"
	"github.com/kin-companion/kin/agent/scene"
	"github.com/kin-companion/kin/assets"
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/engine"
	"github.com/kin-companion/kin/internal/companion"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "shot" {
		os.Exit(cmdShot(args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(cmdWindow(args, os.Stdout, os.Stderr))
}

// cmdWindow implements plain `kin [--model PATH] [--fps N] [--portrait]
// [--overlay]`: open the character in a window or as a desktop overlay.
func cmdWindow(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kin", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", "", "GLB, glTF or VRM file to show (default: the built-in avatar)")
	fps := fs.Int("fps", 0, "frame-rate cap (default 60 in a window, 30 as overlay)")
	portrait := fs.Bool("portrait", false, "frame head and shoulders (toggle with P)")
	overlay := fs.Bool("overlay", false, "show the character on the desktop: transparent, on top, click-through")
	agentPath := fs.String("agent", "", "agent manifest: a JSON file or a folder with manifest.json")
	prov := fs.String("provider", "", "anthropic, openai, gemini, ollama, lmstudio or none (default: from the environment)")
	modelName := fs.String("llm", "", "language model name (default: the provider's)")
	baseURL := fs.String("base-url", "", "API base URL (OpenAI-compatible servers, proxies)")
	data := fs.String("data", "", "data directory (default $XDG_DATA_HOME/kin)")
	agentID := fs.String("agent-id", "", "which agent's memory to use")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kin: unexpected argument %q (see kin help)\n", fs.Arg(0))
		return 2
	}
	if *fps < 0 {
		fmt.Fprintln(stderr, "kin: --fps must be positive")
		return 2
	}
	man := manifest.Default()
	if *agentPath != "" {
		var err error
		if man, err = manifest.Load(*agentPath); err != nil {
			fmt.Fprintln(stderr, "kin:", err)
			return 1
		}
	}
	m, err := loadModel(first(*model, bodyPath(man)))
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	queue, prompts := scene.NewQueue(16), engine.NewPrompts()
	c, err := companion.Start(ctx, companion.Options{DataDir: *data, AgentID: *agentID, Manifest: man,
		Provider: provider.Options{Provider: first(*prov, man.Brain.Provider), Model: first(*modelName, man.Brain.Model),
			BaseURL: first(*baseURL, man.Brain.BaseURL)},
		Scene: queue, Confirm: confirm{prompts}, Hinted: true})
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	defer c.Close()
	notices := c.Warnings
	if null.Is(c.Choice.Provider) {
		notices = append(notices, null.Hint)
	}
	opts := engine.Options{
		Title: man.Name, Model: m, FPS: *fps, Portrait: *portrait, Overlay: *overlay,
		PrefsPath: engine.DefaultPrefsPath(), Bus: c.Bus, Scene: queue, Prompts: prompts,
		Brain: brain{ctx: ctx, c: c}, Notices: notices, Slots: man.Meta.Edits.Animations,
	}
	// The heap is mostly per-frame garbage from the draw calls: collect it
	// sooner so kin stays small on the desktop.
	debug.SetGCPercent(50)
	if os.Getenv("KIN_STATS") == "1" {
		opts.Stats = stderr
	}
	err = engine.Run(ctx, opts)
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	return 0
}

// loadModel loads a model file, or the embedded default avatar for "".
func loadModel(path string) (*avatar.Model, error) {
	if path == "" {
		return avatar.LoadReader(bytes.NewReader(assets.DefaultAvatar), assets.DefaultAvatarName)
	}
	return avatar.Load(path)
}

func first(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}

// bodyPath is the manifest's body as a local file, or "" for a remote URI
// (kin does not download models) or none.
func bodyPath(man *manifest.Manifest) string {
	uri := man.Body.URI
	if uri == "" || strings.Contains(uri, "://") {
		return ""
	}
	if !filepath.IsAbs(uri) && man.Dir != "" {
		uri = filepath.Join(man.Dir, uri)
	}
	return uri
}
