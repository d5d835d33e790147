package identity

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/store/identity"
)

// MaxMessage is the longest text [Sign] signs (64 KiB): what a person can read before
// approving it.
const MaxMessage = 64 << 10

// Signed is a signature made for an approved action: the exact text, the address that
// signed and the 0x-hex signature. Message and Address are the fields of the protocol's
// sign event.
type Signed struct {
	Message   string `json:"message"`
	Address   string `json:"address"`
	Signature string `json:"signature"`
}

// Sign signs message (EIP-191 personal_sign) with the key the passport's wallet address
// names in w, unlocked with passphrase. It is what the sign-action skill calls once the
// user approved the exact text, and what `kin identity sign` runs. It fails with a
// clear error when the passport has no wallet, when the wallet was only linked (its key
// is elsewhere: ErrNoKey), on a wrong passphrase (ErrWrongPassphrase) or a damaged key
// file (ErrCorruptKeystore). Neither the key nor the passphrase is kept or returned.
func Sign(w *Wallet, p identity.Passport, passphrase, message string) (Signed, error) {
	if p.WalletAddress == "" {
		return Signed{}, errors.New("identity: this agent has no wallet: make one with `kin identity wallet new`, or link one with `kin identity wallet link ADDRESS --chain ID`")
	}
	if strings.TrimSpace(message) == "" {
		return Signed{}, errors.New("identity: the message to sign is empty")
	}
	if len(message) > MaxMessage {
		return Signed{}, fmt.Errorf("identity: the message is %d bytes; kin signs at most %d", len(message), MaxMessage)
	}
	sig, err := w.Sign(p.WalletAddress, passphrase, []byte(message))
	if err != nil {
		return Signed{}, err
	}
	return Signed{Message: message, Address: p.WalletAddress, Signature: sig}, nil
}
