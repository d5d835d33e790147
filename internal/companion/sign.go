package companion

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/identity"
	"github.com/kin-companion/kin/store"
)

var signSchema = json.RawMessage(`{"type":"object","properties":{
 "message":{"type":"string","description":"The exact text to sign, as the user will read it"}},"required":["message"]}`)

// signAction is seed 000's sign-action skill: it signs a text with the
// agent's wallet (EIP-191 personal_sign) once the user approved the exact
// text. It is high risk, so the gate always asks and shows the whole text;
// the sign event goes into the diary. The passphrase comes from
// KIN_WALLET_PASSPHRASE or the terminal, never from the conversation.
func (c *Companion) signAction(o Options) *tools.Tool {
	return &tools.Tool{Name: "sign-action", Schema: signSchema,
		Description: "Sign a text with the agent's Ethereum wallet (EIP-191), so others can verify the agent said it. The user is shown the exact text and must approve it. Returns the signature and the address.",
		Meta:        tools.Meta{Risk: tools.High, AnimationHint: "nod"},
		Assess: func(args json.RawMessage) tools.Assessment {
			var a struct{ Message string }
			_ = json.Unmarshal(args, &a)
			return tools.Assessment{Risk: tools.High, Summary: fmt.Sprintf("sign with its wallet the exact text %q", a.Message)}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[struct{ Message string }]("sign-action", args, signSchema)
			if err != nil {
				return "", err
			}
			s, err := c.sign(o, a.Message)
			if err != nil {
				return "", fmt.Errorf("sign-action: %w", err)
			}
			c.Bus.EmitFrom("sign-action", protocol.SignPayload{Message: s.Message, Address: s.Address})
			return fmt.Sprintf("Signed by %s: %s", s.Address, s.Signature), nil
		}}
}

// sign unlocks the agent's key and signs message.
func (c *Companion) sign(o Options, message string) (identity.Signed, error) {
	if c.DB == nil {
		return identity.Signed{}, errors.New("kin's memory is off, so its passport and wallet cannot be read")
	}
	p, err := c.DB.Identity().Passport()
	if err != nil {
		return identity.Signed{}, err
	}
	data := o.DataDir
	if data == "" {
		if data, err = store.DefaultDataDir(); err != nil {
			return identity.Signed{}, err
		}
	}
	w := identity.OpenWallet(identity.WalletConfig{Dir: identity.KeystoreDir(data, c.DB.AgentID())})
	pass, err := identity.PassphraseSource{Getenv: o.getenv()}.ReadFor(p.WalletAddress, "Wallet passphrase: ")
	if errors.Is(err, identity.ErrNoPassphrase) {
		return identity.Signed{}, errors.New("the wallet's passphrase is needed: set KIN_WALLET_PASSPHRASE, or sign in a terminal with kin identity sign")
	}
	if err != nil {
		return identity.Signed{}, err
	}
	return identity.Sign(w, p, strings.TrimRight(pass, "\n"), message)
}
