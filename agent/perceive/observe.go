package perceive

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed observe_screen.md
var observeDescription string

var observeSchema = json.RawMessage(`{"type":"object","properties":{
 "question":{"type":"string","description":"What to look for or answer about the screen; empty for a general description"},
 "window":{"type":"string","description":"Look only at this window: part of its title or its id (e.g. 0x1a00003)"}}}`)

// maxDescription caps the text observe_screen returns, in characters.
const maxDescription = 4000

// observeMaxSize is the long side of the picture sent to the vision model.
const observeMaxSize = 1568

// Config is what the observe_screen tool needs.
type Config struct {
	// Screenshot is the desktop package's screenshot tool, which takes the
	// picture (see [ScreenshotTool]).
	Screenshot *tools.Tool
	// Vision describes the picture; nil leaves observe_screen out.
	Vision Describer
	// VisionName names where screenshots go, e.g. "anthropic/claude-x",
	// for the confirmation summary and the result.
	VisionName string
}

type observeArgs struct {
	Question string `json:"question"`
	Window   string `json:"window"`
}

// Tools returns observe_screen, or nothing when cfg lacks a screenshot
// tool or a vision model.
func Tools(cfg Config) []*tools.Tool {
	if cfg.Screenshot == nil || cfg.Screenshot.RunResult == nil || cfg.Vision == nil {
		return nil
	}
	if cfg.VisionName == "" {
		cfg.VisionName = "the vision model"
	}
	return []*tools.Tool{observeTool(cfg)}
}

func observeTool(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "observe_screen", Description: observeDescription, Schema: observeSchema,
		Meta: tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Medium,
			TimeoutFloor: 60 * time.Second, AnimationHint: "think"},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[observeArgs]("observe_screen", args, observeSchema)
			if err != nil {
				return "", err
			}
			return observe(ctx, cfg, a)
		},
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[observeArgs]("observe_screen", args, observeSchema)
			what := "the whole screen"
			if a.Window != "" {
				what = fmt.Sprintf("the window %q", a.Window)
			}
			return tools.Assessment{Risk: tools.Medium,
				Summary: fmt.Sprintf("send a screenshot of %s to %s to be described", what, cfg.VisionName)}
		}}
}

// observe takes the picture, has it described and drops it.
func observe(ctx context.Context, cfg Config, a observeArgs) (string, error) {
	want := map[string]any{"max_size": observeMaxSize}
	if a.Window != "" {
		want["window"] = a.Window
	}
	shotArgs, _ := json.Marshal(want)
	shot, err := cfg.Screenshot.RunResult(ctx, shotArgs)
	if err != nil {
		return "", fmt.Errorf("observe_screen could not take a screenshot: %w", err)
	}
	if len(shot.Images) == 0 {
		return "", errors.New("observe_screen: the screenshot came back without a picture")
	}
	text, err := cfg.Vision.Describe(ctx, shot.Images[0], shot.Text, a.Question)
	if err != nil {
		return "", fmt.Errorf("observe_screen: %w", err)
	}
	return capText(strings.TrimSpace(text), maxDescription) +
		fmt.Sprintf("\n(The screen as %s described it; the screenshot was not kept.)", cfg.VisionName), nil
}

// capText cuts s to at most n characters, saying so.
func capText(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "… (description cut short)"
}

// ScreenshotTool picks the screenshot tool out of a tool list, such as
// the desktop package's (*desktop.Desktop).Tools(); nil when absent.
func ScreenshotTool(ts []*tools.Tool) *tools.Tool {
	for _, t := range ts {
		if t.Name == "screenshot" {
			return t
		}
	}
	return nil
}

// Disclosure says in words, for the settings screen, what ambient
// perception reads and what it sends where: every is the watcher's
// interval and vision the provider and model observe_screen uses ("" when
// none).
func Disclosure(every time.Duration, vision string) string {
	s := fmt.Sprintf("While ambient perception is on, kin looks at your screen every %s: it compares a "+
		"tiny greyscale thumbnail with the previous one and reads how long since you last typed or "+
		"moved the mouse and the titles of your windows. That stays on this computer, in memory, and "+
		"is never saved.", every)
	if vision == "" {
		return s + " No screenshot is sent anywhere."
	}
	return s + fmt.Sprintf(" A screenshot is sent to %s only when kin uses observe_screen "+
		"to describe your screen, and is not kept.", vision)
}
