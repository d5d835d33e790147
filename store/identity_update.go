package store

import "github.com/kin-companion/kin/store/identity"

// Update reads the passport, lets fn change it and stores the result if fn returns nil
// and the result validates; it returns the stored passport. Updates are serialised, so
// one never overwrites another's change. An error from fn or from validation is wrapped
// in ErrInvalid and nothing is stored.
func (i *Identity) Update(fn func(*identity.Passport) error) (identity.Passport, error) {
	return i.modify(func(p *identity.Passport) error {
		if err := fn(p); err != nil {
			return err
		}
		return p.Validate()
	})
}
