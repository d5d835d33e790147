package store

import (
	"errors"
	"testing"

	"github.com/kin-companion/kin/store/identity"
)

func TestIdentityUpdate(t *testing.T) {
	db := openTest(t, Options{})
	p, err := db.Identity().Update(func(p *identity.Passport) error { p.Name = "Aria"; return nil })
	if err != nil || p.Name != "Aria" {
		t.Fatalf("Update = %+v, %v", p, err)
	}
	for name, fn := range map[string]func(*identity.Passport) error{
		"fn fails": func(p *identity.Passport) error { p.Name = "Bob"; return errors.New("no") },
		"invalid":  func(p *identity.Passport) error { p.Name = "Bob"; p.Meta = []byte("{"); return nil },
		"half register": func(p *identity.Passport) error {
			p.Name = "Bob"
			p.Registration = &identity.Registration{}
			return nil
		},
	} {
		if _, err := db.Identity().Update(fn); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
	if got, _ := db.Identity().Passport(); got.Name != "Aria" {
		t.Errorf("a failed update changed the passport: %+v", got)
	}
}
