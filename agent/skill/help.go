package skill

import (
	"context"
	_ "embed"
	"encoding/json"
	"slices"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed help.md
var helpDescription string

// helpSkill lists the registry's tools, skills first.
func helpSkill(list func() []*tools.Tool, skills func() []string) *Skill {
	return &Skill{Name: "help", Description: helpDescription, Meta: tools.Meta{Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true},
		Handler: func(context.Context, json.RawMessage) (Result, error) {
			var all []*tools.Tool
			if list != nil {
				all = list()
			}
			return helpResult(all, skills()), nil
		}}
}

// helpResult writes the list: skills, then the other tools, each with the
// first line of its description.
func helpResult(all []*tools.Tool, skillNames []string) Result {
	var sk, other []string
	var b strings.Builder
	b.WriteString("Here is what I can do.\nSkills:\n")
	seen := map[string]bool{}
	for _, t := range all {
		seen[t.Name] = true
		line := "- " + t.Name + ": " + firstLine(t.Description) + "\n"
		if slices.Contains(skillNames, t.Name) {
			sk = append(sk, line)
		} else {
			other = append(other, line)
		}
	}
	for _, n := range skillNames { // skills not (yet) in the registry
		if !seen[n] {
			sk = append(sk, "- "+n+"\n")
		}
	}
	b.WriteString(strings.Join(sk, ""))
	if len(other) > 0 {
		b.WriteString("Tools:\n" + strings.Join(other, ""))
	}
	return Result{Success: true, Output: strings.TrimSpace(b.String()), Sentiment: 0.2,
		Data: data(map[string]int{"skills": len(sk), "tools": len(other)})}
}

// firstLine is a description's first line, at most 160 characters.
func firstLine(d string) string {
	d, _, _ = strings.Cut(strings.TrimSpace(d), "\n")
	if r := []rune(d); len(r) > 160 {
		return string(r[:159]) + "…"
	}
	return d
}
