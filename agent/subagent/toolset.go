package subagent

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

// family are this package's tools: a sub-agent gets none of them, so it
// cannot spawn more.
var family = []string{"spawn_subagent", "reply_to_subagent", "list_subagents", "cancel_subagent"}

// toolset is the registry a sub-agent works with: the named tools of the
// main registry (every one when names is empty) minus the excluded, plus
// its own ask_user, which reaches the user through the main conversation.
func (m *Manager) toolset(names []string, a *agent) (*tools.Registry, error) {
	if m.cfg.Registry == nil {
		return nil, fmt.Errorf("sub-agents have no tools to work with (no registry was given)")
	}
	barred := func(n string) bool {
		return slices.Contains(family, n) || slices.Contains(m.cfg.Exclude, n)
	}
	var picked []*tools.Tool
	if len(names) == 0 {
		for _, t := range m.cfg.Registry.All() {
			if !barred(t.Name) && t.Name != "ask_user" {
				picked = append(picked, t)
			}
		}
	}
	for _, n := range names {
		n = strings.TrimSpace(n)
		t, ok := m.cfg.Registry.Get(n)
		switch {
		case n == "ask_user": // every sub-agent has its own
		case barred(n):
			return nil, fmt.Errorf("a sub-agent cannot use %s", n)
		case !ok:
			return nil, fmt.Errorf("there is no tool named %q; the tools are %s", n, strings.Join(m.available(barred), ", "))
		default:
			picked = append(picked, t)
		}
	}
	return tools.NewRegistry(append(picked, tools.AskUser(asker{a}))...), nil
}

// available lists the tools a sub-agent may be given.
func (m *Manager) available(barred func(string) bool) []string {
	return slices.DeleteFunc(m.cfg.Registry.Names(), barred)
}
