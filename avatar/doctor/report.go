package doctor

import (
	"encoding/json"
	"fmt"
	"path/filepath"
)

// Severity ranks a problem.
type Severity string

// The severities, worst first. An error is something a user would see
// broken; a warning is something kin works around or does without; a
// note is worth knowing and needs no fix.
const (
	SevError   Severity = "error"
	SevWarning Severity = "warning"
	SevNote    Severity = "note"
)

// Area names the section of the report a problem belongs to.
type Area string

// The report's sections, in the order the plain output prints them.
const (
	AreaFile        Area = "file"
	AreaBones       Area = "bones"
	AreaExpressions Area = "expressions"
	AreaTextures    Area = "textures"
	AreaBudget      Area = "budget"
	AreaExtensions  Area = "extensions"
	AreaShape       Area = "shape"
)

// areaOrder is the order of sections in the plain output.
var areaOrder = []Area{AreaFile, AreaBones, AreaExpressions, AreaTextures, AreaBudget, AreaExtensions, AreaShape}

// Problem is one finding: what is wrong (or worth knowing) and how to fix it.
type Problem struct {
	Severity Severity `json:"severity"`
	Area     Area     `json:"area"`
	Message  string   `json:"message"`
	Fix      string   `json:"fix,omitempty"`
}

// Report is what the doctor found in one file. Its JSON form (see
// [Report.MarshalJSON]) is the contract of `kin doctor --json`: field
// names are lowerCamel and only ever added to.
type Report struct {
	// File is the path examined.
	File string `json:"file"`
	// Loadable is false when kin cannot load the file at all.
	Loadable bool `json:"loadable"`
	// LoadError is the loader's own message when Loadable is false.
	LoadError string `json:"loadError,omitempty"`
	// Format is glb, gltf, vrm0 or vrm1 ("" when not loadable).
	Format string `json:"format"`
	// Errors, Warnings and Notes are the problems' messages by severity;
	// Fixes are the distinct fixes of errors then warnings.
	Errors   []string `json:"errors"`
	Warnings []string `json:"warnings"`
	Fixes    []string `json:"fixes"`
	Notes    []string `json:"notes"`
	// Problems pairs every message with its severity, section and fix.
	Problems []Problem `json:"problems"`

	Counts      Counts      `json:"counts"`
	Budget      Budget      `json:"budget"`
	Humanoid    Bones       `json:"humanoid"`
	Expressions Expressions `json:"expressions"`
	Textures    Textures    `json:"textures"`
	Materials   Materials   `json:"materials"`
	Extensions  Extensions  `json:"extensions"`
	Shape       Shape       `json:"shape"`

	showLoadError bool // the plain output adds LoadError (see damaged)
}

// newReport returns an empty report on path with non-nil lists, so that
// JSON shows [] rather than null.
func newReport(path string) Report {
	return Report{
		File: path, Errors: []string{}, Warnings: []string{}, Fixes: []string{}, Notes: []string{},
		Problems: []Problem{}, Budget: DefaultBudget,
		Humanoid: Bones{Found: []string{}, MissingRequired: []string{}, MissingOptional: []string{}},
		Expressions: Expressions{VRM: []string{}, ARKit: []string{}, Visemes: []string{}, Other: []string{},
			Synthesised: map[string][]string{}, Unbound: []string{}},
		Textures:   Textures{Failed: []TextureFailure{}},
		Extensions: Extensions{Used: []string{}, Required: []string{}, Ignored: []string{}, Unsupported: []string{}},
	}
}

// add records a problem.
func (r *Report) add(sev Severity, area Area, fix, format string, args ...any) {
	p := Problem{Severity: sev, Area: area, Message: fmt.Sprintf(format, args...), Fix: fix}
	r.Problems = append(r.Problems, p)
	switch sev {
	case SevError:
		r.Errors = append(r.Errors, p.Message)
	case SevWarning:
		r.Warnings = append(r.Warnings, p.Message)
	default:
		r.Notes = append(r.Notes, p.Message)
	}
}

// finish fills Fixes from the problems: errors' fixes first, each once.
func (r *Report) finish() {
	seen := map[string]bool{}
	for _, sev := range []Severity{SevError, SevWarning} {
		for _, p := range r.Problems {
			if p.Severity == sev && p.Fix != "" && !seen[p.Fix] {
				seen[p.Fix] = true
				r.Fixes = append(r.Fixes, p.Fix)
			}
		}
	}
}

// Usable reports whether kin can load the file and shows it without a
// visible fault; warnings may remain.
func (r Report) Usable() bool { return r.Loadable && len(r.Errors) == 0 }

// ExitCode is the status of `kin doctor`: 0 when the model is usable, 1
// when it loads but something users would see is broken, 2 when kin
// cannot load it.
func (r Report) ExitCode() int {
	switch {
	case !r.Loadable:
		return 2
	case len(r.Errors) > 0:
		return 1
	}
	return 0
}

// Verdict is the report's headline, one sentence naming the file.
func (r Report) Verdict() string {
	name := filepath.Base(r.File)
	switch {
	case !r.Loadable:
		return fmt.Sprintf("kin cannot load %s.", name)
	case len(r.Errors) > 0:
		return fmt.Sprintf("%s loads, but %s will look wrong.", name, plural(len(r.Errors), "problem", "problems"))
	case len(r.Warnings) > 0:
		return fmt.Sprintf("%s is usable; %s worth fixing.", name, plural(len(r.Warnings), "thing is", "things are"))
	}
	return fmt.Sprintf("%s is ready for kin.", name)
}

// Summary is one or two lines for an on-screen notice: the verdict and the
// worst problem with its fix.
func (r Report) Summary() string {
	for _, sev := range []Severity{SevError, SevWarning} {
		for _, p := range r.Problems {
			if p.Severity == sev {
				s := r.Verdict() + "\n" + p.Message
				if p.Fix != "" {
					s += " " + p.Fix
				}
				return s
			}
		}
	}
	return r.Verdict()
}

// MarshalJSON writes the report with "usable", "exitCode" and "verdict"
// first, then the fields of [Report].
func (r Report) MarshalJSON() ([]byte, error) {
	type fields Report // without this method
	return json.Marshal(struct {
		Usable   bool   `json:"usable"`
		ExitCode int    `json:"exitCode"`
		Verdict  string `json:"verdict"`
		fields
	}{r.Usable(), r.ExitCode(), r.Verdict(), fields(r)})
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
