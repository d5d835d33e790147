package doctor

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteText prints the report as `kin doctor` does: the verdict, a line
// per section of what was found, then the errors, warnings and notes,
// each with its fix.
func (r Report) WriteText(w io.Writer) error {
	var b strings.Builder
	b.WriteString(r.Verdict() + "\n")
	if r.Loadable {
		b.WriteString("\n")
		for _, row := range r.found() {
			fmt.Fprintf(&b, "  %-11s %s\n", row[0], row[1])
		}
	}
	for _, sev := range []Severity{SevError, SevWarning, SevNote} {
		r.writeProblems(&b, sev)
	}
	if r.showLoadError {
		fmt.Fprintf(&b, "\nThe loader said (for a bug report): %s\n", r.LoadError)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// String returns the text [Report.WriteText] prints.
func (r Report) String() string {
	var b strings.Builder
	_ = r.WriteText(&b)
	return b.String()
}

var sevTitle = map[Severity]string{SevError: "Problems", SevWarning: "Worth fixing", SevNote: "Good to know"}

// writeProblems prints the problems of one severity, in section order.
func (r Report) writeProblems(b *strings.Builder, sev Severity) {
	first := true
	for _, area := range areaOrder {
		for _, p := range r.Problems {
			if p.Severity != sev || p.Area != area {
				continue
			}
			if first {
				fmt.Fprintf(b, "\n%s:\n", sevTitle[sev])
				first = false
			}
			fmt.Fprintf(b, "  - %s\n", p.Message)
			if p.Fix != "" {
				fmt.Fprintf(b, "    Fix: %s\n", p.Fix)
			}
		}
	}
}

// found is the summary of what was found, one labelled line per section.
func (r Report) found() [][2]string {
	c := r.Counts
	rows := [][2]string{{"File", fmt.Sprintf("%s: %s, %s, %s, %s, %s",
		r.Format, plural(c.Meshes, "mesh", "meshes"), plural(c.Vertices, "vertex", "vertices"),
		plural(c.Triangles, "triangle", "triangles"), plural(c.Materials, "material", "materials"),
		plural(c.Clips, "animation", "animations"))}}
	if !r.Shape.Drawable {
		return rows
	}
	return append(rows,
		[2]string{"Bones", r.bonesLine()},
		[2]string{"Face", r.faceLine()},
		[2]string{"Textures", fmt.Sprintf("%d shown, %d not drawn by kin, %d failed", r.Textures.Decoded, r.Textures.NotDrawn, len(r.Textures.Failed))},
		[2]string{"Budget", r.budgetLine()},
		[2]string{"Extensions", listOr(r.Extensions.Used, "none")},
		[2]string{"Size", r.shapeLine()},
	)
}

func (r Report) bonesLine() string {
	h := r.Humanoid
	if len(h.Found) == 0 {
		return "no humanoid bones recognised"
	}
	s := fmt.Sprintf("%d humanoid bones", len(h.Found))
	if len(h.MissingRequired) > 0 {
		s += "; missing " + strings.Join(h.MissingRequired, ", ")
	}
	return s
}

func (r Report) faceLine() string {
	e := r.Expressions
	var fams []string
	for _, f := range []struct {
		n    int
		name string
	}{{len(e.VRM), "VRM presets"}, {len(e.ARKit), "ARKit"}, {len(e.Visemes), "visemes"}, {len(e.Other), "other"}} {
		if f.n > 0 {
			fams = append(fams, fmt.Sprintf("%d %s", f.n, f.name))
		}
	}
	if len(e.Synthesised) > 0 {
		fams = append(fams, fmt.Sprintf("(%d presets built from other shapes)", len(e.Synthesised)))
	}
	yes := func(ok bool) string {
		if ok {
			return "yes"
		}
		return "no"
	}
	return fmt.Sprintf("%s; lip-sync %s, blink %s, feelings %s, eyes %s", listOr(fams, "no expressions"),
		yes(e.LipSync), yes(e.Blink), yes(e.Emotions), yes(e.Gaze))
}

func (r Report) budgetLine() string {
	c, b := r.Counts, r.Budget
	return fmt.Sprintf("%s of %s triangles, %s of %s vertices, %d of %d joints, %d of %d morph targets",
		thousands(c.Triangles), thousands(b.Triangles), thousands(c.Vertices), thousands(b.Vertices),
		c.Joints, b.JointsPerSkin, c.MorphTargets, b.MorphTargets)
}

func (r Report) shapeLine() string {
	s := r.Shape
	facing := "facing not measured (no left/right bones)"
	if s.Facing != "" {
		facing = "faces " + s.Facing
	}
	return fmt.Sprintf("%.2f m tall, %s, lowest point at %.2f m", s.HeightM, facing, s.FloorOffsetM)
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func listOr(items []string, none string) string {
	if len(items) == 0 {
		return none
	}
	return strings.Join(items, ", ")
}
