package identity

import (
	"crypto/ecdsa"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/kin-companion/kin/store/identity"
)

// ErrBadSignature is wrapped by the errors [VerifyMessage] and [RecoverAddress] return
// when a signature is malformed or was not made by the address.
var ErrBadSignature = errors.New("identity: the signature does not check out")

// HashMessage is the EIP-191 personal_sign hash of msg:
// Keccak-256("\x19Ethereum Signed Message:\n" + len(msg) + msg).
func HashMessage(msg []byte) []byte { return accounts.TextHash(msg) }

// SignMessage signs msg as personal_sign does and returns the signature as 0x-prefixed
// hex of 65 bytes r‖s‖v with v 27 or 28, the form ethers, viem and wallets verify.
func SignMessage(key *ecdsa.PrivateKey, msg []byte) (string, error) {
	sig, err := crypto.Sign(HashMessage(msg), key)
	if err != nil {
		return "", fmt.Errorf("identity: signing failed: %w", err)
	}
	sig[64] += 27
	return "0x" + hex.EncodeToString(sig), nil
}

// RecoverAddress returns the EIP-55 address whose key made sig over msg. It accepts v
// as 0/1 or 27/28 and rejects malleable (high-s) signatures.
func RecoverAddress(msg []byte, sig string) (string, error) {
	raw, err := hex.DecodeString(strings.TrimPrefix(strings.TrimPrefix(sig, "0x"), "0X"))
	if err != nil || len(raw) != 65 {
		return "", fmt.Errorf("%w: a signature is 0x and 130 hex digits (65 bytes), got %q", ErrBadSignature, shorten(sig))
	}
	if raw[64] >= 27 {
		raw[64] -= 27
	}
	if raw[64] > 1 || !crypto.ValidateSignatureValues(raw[64], bigBytes(raw[:32]), bigBytes(raw[32:64]), true) {
		return "", fmt.Errorf("%w: its r, s or v value is out of range", ErrBadSignature)
	}
	pub, err := crypto.SigToPub(HashMessage(msg), raw)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	return crypto.PubkeyToAddress(*pub).Hex(), nil
}

// VerifyMessage checks that sig is address's personal_sign signature of msg. The
// address may be in any case; a mixed-case one must carry a valid EIP-55 checksum.
func VerifyMessage(msg []byte, sig, address string) error {
	want, err := identity.CheckAddress(address)
	if err != nil {
		return err
	}
	got, err := RecoverAddress(msg, sig)
	if err != nil {
		return err
	}
	if got != want {
		return fmt.Errorf("%w: it was made by %s, not %s (or the message differs from the one signed)", ErrBadSignature, got, want)
	}
	return nil
}

func shorten(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

func bigBytes(b []byte) *big.Int { return new(big.Int).SetBytes(b) }
