package identity

import (
	"errors"
	"os"
	"strings"

	"github.com/kin-companion/kin/internal/keyring"
)

// keyringAttrs name a wallet's passphrase in the desktop keyring.
func keyringAttrs(address string) map[string]string {
	return map[string]string{"application": "kin", "kind": "wallet-passphrase", "address": strings.ToLower(address)}
}

// KeyringBus is the session bus the keyring is looked up on ("" is the
// user's own); tests point it at a private bus.
var KeyringBus = ""

// RememberPassphrase keeps the passphrase of the wallet address in the
// desktop keyring (the Secret Service), so kin can sign without asking.
func RememberPassphrase(address, passphrase string) error {
	k, err := keyring.Open(KeyringBus)
	if err != nil {
		return err
	}
	defer k.Close()
	return k.Set("kin wallet "+address, keyringAttrs(address), passphrase)
}

// ReadFor returns the passphrase of the wallet address: KIN_WALLET_PASSPHRASE,
// else the desktop keyring's (see [RememberPassphrase]), else typed on the terminal.
func (s PassphraseSource) ReadFor(address, prompt string) (string, error) {
	getenv := s.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	if getenv(PassphraseEnv) == "" && address != "" {
		if k, err := keyring.Open(KeyringBus); err == nil {
			p, err := k.Get(keyringAttrs(address))
			k.Close()
			switch {
			case err == nil && p != "":
				return p, nil
			case errors.Is(err, keyring.ErrLocked):
				return "", err
			}
		}
	}
	return s.Read(prompt, false)
}
