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
	"path"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/agent/provider/null"
	"github.com/kin-companion/kin/agent/scene"
	"github.com/kin-companion/kin/assets"
	"github.com/kin-companion/kin/avatar"
	"github.com/kin-companion/kin/engine"
	"github.com/kin-companion/kin/identity/ipfs"
	"github.com/kin-companion/kin/internal/companion"
	"github.com/kin-companion/kin/internal/settings"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "shot" {
		os.Exit(cmdShot(args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(cmdWindow(args, os.Stdout, os.Stderr))
}

// cmdWindow implements plain `kin [--model PATH] [--clips DIR] [--fps N]
// [--portrait] [--overlay] [--render-scale S]`: open the character in a window or as a
// desktop overlay.
func cmdWindow(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kin", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", "", "GLB, glTF or VRM file to show (default: the built-in avatar)")
	fps := fs.Int("fps", 0, "frame-rate cap (default 60 in a window, 30 as overlay)")
	portrait := fs.Bool("portrait", false, "frame head and shoulders (toggle with P)")
	var overlay overlayFlag
	fs.Var(&overlay, "overlay", "show the character on the desktop (transparent, on top, click-through); =desktop for a canvas over the whole screen")
	talkKey := fs.String("talk-key", "", "global push-to-talk key that works while another app has the focus, e.g. F9 or ctrl+space")
	noShadow := fs.Bool("no-shadow", false, "leave out the soft shadow under the character")
	rasterAhead := fs.Bool("raster-ahead", true, "while frames fall behind, raster each on the CPU while the one before shows: more frames a second, each a frame later")
	clipsDir := fs.String("clips", "", "folder of .vrma/.glb clips to play: by file name, through the manifest's animation slots, or with play_clip")
	renderScale := fs.Float64("render-scale", 0, "render the character at this fraction of the resolution (0.5–1); default: lowered only while frames are slow")
	renderer := fs.String("renderer", "auto", "draw the character on the gpu or the cpu; auto times both on the first frames and keeps the faster")
	flags := companion.AddFlags(fs, "llm")
	var vf voiceFlags
	fs.StringVar(&vf.path, "voice", "auto", "voice: openai-realtime, gemini-live, cascade, off, or auto (from the API keys)")
	fs.StringVar(&vf.mic, "mic", "", "microphone name, or part of it (default: the system's)")
	fs.StringVar(&vf.speaker, "speaker", "", "speaker name, or part of it (default: the system's; kin voice devices lists them)")
	fs.StringVar(&vf.wake, "wake", "", "wake word recorded with kin wakeword record NAME (default: always listening)")
	fs.DurationVar(&vf.wakeTimeout, "wake-timeout", 20*time.Second, "once woken, stay awake this long after the last speech")
	fs.StringVar(&vf.tts, "tts", "espeak", "cascade text-to-speech: espeak, openai or elevenlabs")
	set, _ := companion.UserSettings() // a bad file: the defaults, and a notice at start
	presetFlags(fs, set)
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
	backend, err := engine.ParseBackend(*renderer)
	if err != nil {
		fmt.Fprintf(stderr, "kin: --renderer: %v\n", err)
		return 2
	}
	if *renderScale != 0 && !(*renderScale >= 0.5 && *renderScale <= 1) { // NaN fails too
		fmt.Fprintf(stderr, "kin: bad --render-scale %v (want 0.5 to 1)\n", *renderScale)
		return 2
	}
	man, err := flags.Manifest()
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	manifestVoice(fs, set, man, &vf)
	var muted atomic.Bool
	muted.Store(set.MicMuted)
	vf.muted = &muted
	m, modelNotice := openCharacter(*model, man, stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	queue, prompts := scene.NewQueue(16), engine.NewPrompts()
	later := make(chan string, 16)
	opts := flags.Options(man)
	opts.Scene, opts.Confirm, opts.Asker, opts.Hinted = queue, confirm{prompts}, confirm{prompts}, true
	var started atomic.Pointer[companion.Companion]
	opts.Remind = func(text string) { // the bubble shows it; a hidden window also notifies
		if c := started.Load(); c != nil && engine.WindowHidden() {
			c.NotifyDesktop(ctx, man.Name, text)
		}
	}
	opts.Notify = func(s string) {
		select {
		case later <- s:
		default: // the screen is full of notices already; the log has it
		}
	}
	c, err := companion.Start(ctx, opts)
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	started.Store(c)
	defer c.Close()
	notices := c.Warnings
	if modelNotice != "" {
		notices = append([]string{modelNotice}, notices...)
	}
	clipSrcs, clipNotices := clipSources(*clipsDir, man)
	notices = append(notices, clipNotices...)
	if null.Is(c.Choice.Provider) {
		notices = append(notices, null.Hint)
	}
	v, voiceNotices := startVoice(ctx, c, vf)
	notices = append(notices, voiceNotices...)
	if n := serveMCP(ctx, c, stderr); n != "" {
		notices = append(notices, n)
	}
	var ptt func(bool)
	var useSpeaker func(string) error
	if v != nil {
		defer v.stop()
		ptt, useSpeaker = v.pushToTalk, v.useSpeaker
	}
	win := engine.Options{
		Title: man.Name, Model: m, FPS: *fps, Portrait: *portrait, Overlay: overlay.on, Desktop: overlay.desktop, TalkKey: *talkKey,
		PrefsPath: engine.DefaultPrefsPath(), Bus: c.Bus, Scene: queue, Prompts: prompts,
		Brain: brain{ctx: ctx, c: c}, Notices: notices, Later: later, Watching: watching(c), Tray: true, Slots: man.Meta.Edits.Animations, PushToTalk: ptt,
		RenderScale: *renderScale, NoShadow: *noShadow, Renderer: backend, RasterAhead: *rasterAhead,
		Muted:       set.MicMuted,
		Board:       boardHost(ctx, c),
		ClipSources: clipSrcs,
	}
	if v != nil {
		win.Mute = muted.Store
	}
	if p, err := settings.DefaultPath(); err == nil {
		win.Settings = settingsPanel{path: p, c: c, mic: vf.mic, speaker: useSpeaker}
	}
	// The heap is mostly per-frame garbage from the draw calls: collect it
	// sooner so kin stays small on the desktop.
	debug.SetGCPercent(50)
	if os.Getenv("KIN_STATS") == "1" {
		win.Stats = stderr
	}
	err = engine.Run(ctx, win)
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	return 0
}

// loadModel loads a model file, or the embedded default avatar for "".
// openCharacter loads the character to show: the --model file, else the
// manifest's (or the settings'). One that cannot be read, or has nothing
// to draw, is not a reason to stay closed (from the settings it would keep
// kin from ever starting): the default character shows instead, and the
// notice returned says why and what to do.
func openCharacter(flagPath string, man *manifest.Manifest, stderr io.Writer) (*avatar.Model, string) {
	path := flagPath
	if path == "" {
		path = bodyPath(man)
	}
	var m *avatar.Model
	var err error
	if flagPath == "" && ipfs.IsIPFS(man.Body.URI) {
		path = man.Body.URI
		m, err = loadIPFSModel(man.Body.URI)
	} else {
		m, err = loadModel(path)
	}
	if err == nil && !drawable(m) {
		err = nothingToDraw(path, m)
	}
	if err == nil {
		return m, ""
	}
	fmt.Fprintln(stderr, "kin:", err)
	def, derr := loadModel("")
	if derr != nil { // the embedded character always loads; a build without it is broken
		panic(fmt.Sprintf("kin: the default character does not load: %v", derr))
	}
	why := strings.TrimSuffix(strings.TrimPrefix(err.Error(), "avatar: "), ".")
	return def, fmt.Sprintf("kin could not show %s, so the default character is here instead: %s. "+
		"Drop another character file on the window, or choose one in Settings (Ctrl+,).", filepath.Base(path), why)
}

func loadModel(path string) (*avatar.Model, error) {
	if path == "" {
		return avatar.LoadReader(bytes.NewReader(assets.DefaultAvatar), assets.DefaultAvatarName)
	}
	return avatar.Load(path)
}

// watching reports ambient perception's state for the window's mark; nil
// when it is off.
func watching(c *companion.Companion) func() bool {
	if c.Watcher == nil {
		return nil
	}
	return c.Watcher.Watching
}

// loadIPFSModel loads a manifest's ipfs:// body through the IPFS gateway,
// checked against its CID.
func loadIPFSModel(uri string) (*avatar.Model, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	data, err := companion.LoadIPFS(ctx, uri)
	if err != nil {
		return nil, fmt.Errorf("the manifest's character %s: %w", uri, err)
	}
	return avatar.LoadReader(bytes.NewReader(data), path.Base(uri)+".glb")
}

// bodyPath is the manifest's body as a local file, or "" for a remote URI
// (ipfs:// is loaded by loadIPFSModel; kin downloads no other) or none.
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
