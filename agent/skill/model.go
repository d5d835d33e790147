package skill

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
)

//go:embed present_model.md
var presentDescription string

//go:embed validate_model.md
var validateDescription string

var validateSchema = json.RawMessage(`{"type":"object","properties":{
 "path":{"type":"string","description":"The model file to check; leave out to check your current body"}}}`)

// checked is what the model doctor found in one file.
type checked struct {
	Path     string `json:"path"`
	File     string `json:"file"`
	Errors   int    `json:"errors"`
	Warnings int    `json:"warnings"`
	Summary  string `json:"summary"`
}

// check runs the doctor on path, or on the current character when path is "".
func check(ctx context.Context, cfg Config, skill, path string) (checked, error) {
	if path == "" && cfg.Character != nil {
		path = cfg.Character()
	}
	if path == "" {
		return checked{}, fmt.Errorf("%s: no character is loaded; give the path of a model file", skill)
	}
	e, w, s, err := doctorCtx(ctx, cfg.Doctor, path)
	if err != nil {
		return checked{}, fmt.Errorf("%s: %w", skill, err)
	}
	return checked{Path: path, File: filepath.Base(path), Errors: e, Warnings: w, Summary: s}, nil
}

// presentSkill turns to the user and describes the current body.
func presentSkill(cfg Config) *Skill {
	return &Skill{Name: "present-model", MCPExposed: true, Description: presentDescription, AnimationHint: "present",
		VoicePattern: "Let me show you my body: {{file}}.", Meta: tools.Meta{Risk: tools.Low, ReadOnly: true},
		Handler: func(ctx context.Context, _ json.RawMessage) (Result, error) {
			if cfg.Character == nil || cfg.Character() == "" {
				return Result{}, errors.New("present-model: no character is loaded")
			}
			c, err := check(ctx, cfg, "present-model", "")
			if err != nil {
				return Result{}, err
			}
			emit(cfg.Bus, "present-model", protocol.LookAtPayload{Target: "camera"})
			out := fmt.Sprintf("Presented %s. %s", c.File, c.Summary)
			return Result{Success: true, Output: strings.TrimSpace(out), Sentiment: 0.4, Data: data(c)}, nil
		}}
}

// validateSkill runs the doctor and emits a validate event, so the
// Empathy Layer celebrates a clean model or shows concern.
func validateSkill(cfg Config) *Skill {
	return &Skill{Name: "validate-model", MCPExposed: true, Description: validateDescription, InputSchema: validateSchema, AnimationHint: "think",
		VoicePattern: "I checked {{file}}: {{errors}} errors and {{warnings}} warnings.",
		Meta:         tools.Meta{Risk: tools.Low, ReadOnly: true},
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := decodeArgs[struct{ Path string }]("validate-model", args)
			if a.Path == "" {
				return tools.Assessment{Summary: "check the current character's model"}
			}
			return tools.Assessment{Scope: a.Path, Summary: "check the model " + a.Path}
		},
		Handler: func(ctx context.Context, args json.RawMessage) (Result, error) {
			a, err := decodeArgs[struct{ Path string }]("validate-model", args)
			if err != nil {
				return Result{}, err
			}
			c, err := check(ctx, cfg, "validate-model", strings.TrimSpace(a.Path))
			if err != nil {
				return Result{}, err
			}
			emit(cfg.Bus, "validate-model", protocol.ValidatePayload{Errors: protocol.Count(c.Errors), Warnings: protocol.Count(c.Warnings)})
			return Result{Success: true, Output: validateOutput(c), Sentiment: validateSentiment(c), Data: data(c)}, nil
		}}
}

func validateOutput(c checked) string {
	s := fmt.Sprintf("%s: %d errors, %d warnings.", c.Path, c.Errors, c.Warnings)
	if c.Summary != "" {
		s += "\n" + c.Summary
	}
	return s
}

// validateSentiment: a clean model is good news, errors are bad news.
func validateSentiment(c checked) float64 {
	switch {
	case c.Errors > 0:
		return -0.5
	case c.Warnings > 0:
		return 0.1
	}
	return 0.6
}
