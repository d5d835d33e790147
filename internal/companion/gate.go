package companion

import (
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/store"
)

// grants keeps the gate's "always allow" answers in the store.
type grants struct{ p *store.Permissions }

// Granted implements tools.Grants.
func (g grants) Granted(tool, scope string) (bool, error) { return g.p.Granted(tool, scope) }

// Grant implements tools.Grants.
func (g grants) Grant(tool, scope string) error {
	return g.p.Grant(store.Grant{Tool: tool, Scope: scope})
}

// newGate builds the one permission gate of a companion: every call, the
// model's, a voice session's or an MCP client's, passes it.
func newGate(o Options, db *store.DB, bus *protocol.Bus) *tools.Gate {
	g := &tools.Gate{Confirm: o.Confirm, Yes: o.Yes, Bus: bus, NoOne: o.NoOne, Voice: &tools.VoiceConfirm{}}
	if db != nil {
		g.Grants = grants{db.Permissions()}
	}
	if o.Settings != nil && len(o.Settings.AlwaysAllow) > 0 {
		a := allowList{tools: o.Settings.AlwaysAllow}
		if g.Grants != nil {
			a.next = g.Grants
		}
		g.Grants = a
	}
	return g
}
