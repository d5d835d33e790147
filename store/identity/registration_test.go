package identity

import "testing"

func TestRegistration(t *testing.T) {
	p := New("leo")
	p.Registration = &Registration{ChainID: 8453, Registry: "0x8004a169fb4a3325136eb29fa0ceb6d2e539a432", AgentID: "42", AgentURI: "ipfs://bafkrei", TxHash: "0x01"}
	if err := p.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if got := p.Registration.Address(); got != "agent://8453/42" {
		t.Errorf("Address = %s", got)
	}
	c := p.Clone()
	c.Registration.AgentID = "7"
	if p.Registration.AgentID != "42" {
		t.Error("Clone shares the registration")
	}
	for _, bad := range []Registration{{Registry: p.Registration.Registry, AgentID: "1"}, {ChainID: 1, Registry: p.Registration.Registry}, {ChainID: 1, AgentID: "1", Registry: "0x12"}} {
		p.Registration = &bad
		if p.Validate() == nil {
			t.Errorf("Validate accepted %+v", bad)
		}
	}
}
