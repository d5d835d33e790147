package skill

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a semantic version; missing minor and patch parts are 0 and a
// pre-release or build suffix is ignored ("1.2" is 1.2.0).
type Version struct{ Major, Minor, Patch int }

// ParseVersion reads "1", "1.2", "1.2.3" or "v1.2.3-beta".
func ParseVersion(s string) (Version, error) {
	t := strings.TrimPrefix(strings.TrimSpace(s), "v")
	t, _, _ = strings.Cut(t, "+")
	t, _, _ = strings.Cut(t, "-")
	parts := strings.Split(t, ".")
	if t == "" || len(parts) > 3 {
		return Version{}, fmt.Errorf("%q is not a version like 1.2.3", s)
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return Version{}, fmt.Errorf("%q is not a version like 1.2.3", s)
		}
		n[i] = v
	}
	return Version{n[0], n[1], n[2]}, nil
}

func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

// Compare returns −1, 0 or 1 as v is older than, equal to or newer than w.
func (v Version) Compare(w Version) int {
	for _, d := range [3]int{v.Major - w.Major, v.Minor - w.Minor, v.Patch - w.Patch} {
		if d < 0 {
			return -1
		}
		if d > 0 {
			return 1
		}
	}
	return 0
}

// Constraint is a version requirement: alternatives separated by "||",
// each a space-separated list of comparisons that must all hold.
// "" and "*" allow any version; "^1.2" means >=1.2.0 <2.0.0 (^0.3 means
// <0.4.0); "~1.2" means >=1.2.0 <1.3.0; "1.2.3" and "=1.2.3" are exact;
// ">=1.0 <2" combines comparisons.
type Constraint struct {
	text string
	any  [][]comparison // alternatives of all-of lists; nil allows anything
}

type comparison struct {
	op string // one of = > >= < <=
	v  Version
}

// ParseConstraint reads a version requirement.
func ParseConstraint(s string) (Constraint, error) {
	c := Constraint{text: strings.TrimSpace(s)}
	if c.text == "" || c.text == "*" {
		return c, nil
	}
	for alt := range strings.SplitSeq(c.text, "||") {
		var all []comparison
		for term := range strings.FieldsSeq(alt) {
			cs, err := parseTerm(term)
			if err != nil {
				return Constraint{}, fmt.Errorf("version requirement %q: %w", s, err)
			}
			all = append(all, cs...)
		}
		if len(all) == 0 {
			return Constraint{}, fmt.Errorf("version requirement %q has an empty alternative", s)
		}
		c.any = append(c.any, all)
	}
	return c, nil
}

// parseTerm reads one comparison; ^ and ~ expand to a range.
func parseTerm(term string) ([]comparison, error) {
	if term == "*" {
		return []comparison{{">=", Version{}}}, nil
	}
	op := ""
	for _, p := range []string{">=", "<=", ">", "<", "=", "^", "~"} {
		if strings.HasPrefix(term, p) {
			op, term = p, term[len(p):]
			break
		}
	}
	v, err := ParseVersion(term)
	if err != nil {
		return nil, err
	}
	switch op {
	case "^":
		return []comparison{{">=", v}, {"<", caretLimit(v)}}, nil
	case "~":
		return []comparison{{">=", v}, {"<", Version{v.Major, v.Minor + 1, 0}}}, nil
	case "":
		op = "="
	}
	return []comparison{{op, v}}, nil
}

// caretLimit is the first version ^v excludes: the next change of its
// leftmost non-zero part.
func caretLimit(v Version) Version {
	switch {
	case v.Major > 0:
		return Version{v.Major + 1, 0, 0}
	case v.Minor > 0:
		return Version{0, v.Minor + 1, 0}
	}
	return Version{0, 0, v.Patch + 1}
}

// Allows reports whether v meets the requirement.
func (c Constraint) Allows(v Version) bool {
	if c.any == nil {
		return true
	}
	for _, all := range c.any {
		if allHold(all, v) {
			return true
		}
	}
	return false
}

func allHold(all []comparison, v Version) bool {
	for _, cmp := range all {
		if !holds(cmp.op, v.Compare(cmp.v)) {
			return false
		}
	}
	return true
}

// holds reports whether a comparison result d (−1, 0, 1) satisfies op.
func holds(op string, d int) bool {
	switch op {
	case ">":
		return d > 0
	case ">=":
		return d >= 0
	case "<":
		return d < 0
	case "<=":
		return d <= 0
	}
	return d == 0
}

// Any reports whether every version is allowed.
func (c Constraint) Any() bool { return c.any == nil }

// String is the requirement as written ("*" when empty).
func (c Constraint) String() string {
	if c.text == "" {
		return "*"
	}
	return c.text
}
