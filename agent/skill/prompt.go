package skill

import "strings"

// PromptLines are the lines the system prompt's <skills> block lists for
// the loaded skills (agent/runtime writeSkills, one "- " bullet each):
// name, version and where it came from, then the first line of its
// description, e.g. "weather-report (version 1.2.0, from skills/weather/):
// Tells the weather for a city".
func (s *Set) PromptLines() []string {
	out := make([]string, 0, len(s.skills))
	for _, sk := range s.skills {
		var b strings.Builder
		b.WriteString(sk.Name)
		var about []string
		if sk.Version != "" {
			about = append(about, "version "+sk.Version)
		}
		if sk.Source != "" && sk.Source != "built-in" {
			about = append(about, "from "+sk.Source)
		} else if sk.Source == "built-in" {
			about = append(about, "built in")
		}
		if len(about) > 0 {
			b.WriteString(" (" + strings.Join(about, ", ") + ")")
		}
		if d := firstLine(sk.Description); d != "" {
			b.WriteString(": " + d)
		}
		out = append(out, b.String())
	}
	return out
}
