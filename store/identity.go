package store

import (
	"errors"
	"fmt"
	"sync"

	"github.com/dgraph-io/badger/v4"

	"github.com/kin-companion/kin/store/identity"
)

var keyPassport = []byte("id/passport")

// Identity keeps the agent's passport.
type Identity struct {
	db *DB
	mu sync.Mutex
}

// Passport returns the stored passport, or identity.New(agent id) when none is stored.
func (i *Identity) Passport() (identity.Passport, error) {
	p := identity.New(i.db.AgentID())
	err := i.db.view("read passport", func(txn *badger.Txn) error {
		err := getJSON(txn, keyPassport, &p)
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		return err
	})
	return p, err
}

// SetPassport validates and stores p.
func (i *Identity) SetPassport(p identity.Passport) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	i.mu.Lock()
	defer i.mu.Unlock()
	return i.db.update("write passport", func(txn *badger.Txn) error { return setJSON(txn, keyPassport, &p) })
}

// LinkWallet checks address (EIP-55 when mixed case) and chainID and stores them in the
// passport; it returns the updated passport.
func (i *Identity) LinkWallet(address string, chainID uint64) (identity.Passport, error) {
	return i.modify(func(p *identity.Passport) error { return p.LinkWallet(address, chainID) })
}

// UnlinkWallet removes the wallet from the passport.
func (i *Identity) UnlinkWallet() (identity.Passport, error) {
	return i.modify(func(p *identity.Passport) error { p.UnlinkWallet(); return nil })
}

func (i *Identity) modify(fn func(*identity.Passport) error) (identity.Passport, error) {
	i.mu.Lock()
	defer i.mu.Unlock()
	p, err := i.Passport()
	if err != nil {
		return p, err
	}
	if err := fn(&p); err != nil {
		return p, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	err = i.db.update("write passport", func(txn *badger.Txn) error { return setJSON(txn, keyPassport, &p) })
	return p, err
}
