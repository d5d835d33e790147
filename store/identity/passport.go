package identity

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// Passport is who the agent is.
type Passport struct {
	ID            string          `json:"id"`
	Name          string          `json:"name"`
	Description   string          `json:"description,omitempty"`
	AvatarID      string          `json:"avatarId,omitempty"`
	HomeURL       string          `json:"homeUrl,omitempty"`
	WalletAddress string          `json:"walletAddress,omitempty"`
	ChainID       uint64          `json:"chainId,omitempty"`
	Skills        []string        `json:"skills,omitempty"`
	Meta          json.RawMessage `json:"meta,omitempty"`
	IsRegistered  bool            `json:"isRegistered"`
	// Registration is where the agent is registered on-chain; set together with
	// IsRegistered once the registering transaction is mined.
	Registration *Registration `json:"registration,omitempty"`
}

// Registration records the agent's entry in an ERC-8004 Identity Registry.
type Registration struct {
	ChainID  uint64 `json:"chainId"`
	Registry string `json:"registry"` // the registry contract's address (EIP-55)
	AgentID  string `json:"agentId"`  // the registry's token id, in decimal
	AgentURI string `json:"agentUri"` // the registration file's URI, e.g. ipfs://CID
	TxHash   string `json:"txHash"`   // the registering transaction
}

// Address is the agent's global address, agent://{chain}/{agentId}.
func (r *Registration) Address() string { return fmt.Sprintf("agent://%d/%s", r.ChainID, r.AgentID) }

// New returns the passport of a fresh agent with the given id.
func New(id string) Passport { return Passport{ID: id, Name: "kin"} }

// Clone returns a copy of p that shares no slices with it.
func (p *Passport) Clone() Passport {
	c := *p
	c.Skills = slices.Clone(p.Skills)
	c.Meta = slices.Clone(p.Meta)
	if p.Registration != nil {
		r := *p.Registration
		c.Registration = &r
	}
	return c
}

// ErrBadChain is returned for a chain id of zero.
var ErrBadChain = errors.New("identity: chain id must be a positive integer")

// LinkWallet sets the wallet address and chain id after checking them with
// [CheckAddress]; the address is stored in its EIP-55 checksummed form.
func (p *Passport) LinkWallet(address string, chainID uint64) error {
	sum, err := CheckAddress(address)
	if err != nil {
		return err
	}
	if chainID == 0 {
		return ErrBadChain
	}
	p.WalletAddress, p.ChainID = sum, chainID
	return nil
}

// UnlinkWallet removes the wallet address and chain id.
func (p *Passport) UnlinkWallet() { p.WalletAddress, p.ChainID = "", 0 }

// Validate reports the first problem that keeps p from being stored.
func (p *Passport) Validate() error {
	if p.ID == "" {
		return errors.New("identity: passport id is empty")
	}
	if p.WalletAddress != "" {
		if _, err := CheckAddress(p.WalletAddress); err != nil {
			return err
		}
		if p.ChainID == 0 {
			return ErrBadChain
		}
	}
	if r := p.Registration; r != nil {
		if r.ChainID == 0 || r.AgentID == "" {
			return errors.New("identity: a registration needs a chain id and an agent id")
		}
		if _, err := CheckAddress(r.Registry); err != nil {
			return err
		}
	}
	if len(p.Meta) > 0 && !json.Valid(p.Meta) {
		return fmt.Errorf("identity: meta is not valid JSON")
	}
	return nil
}
