package keyring

import (
	"testing"

	"github.com/kin-companion/kin/internal/keyring/keyringtest"
)

func TestKeyring(t *testing.T) {
	addr := keyringtest.StartBus(t)
	if _, err := Open(addr); err != ErrUnavailable {
		t.Fatalf("no service yet: %v", err)
	}
	f := keyringtest.Serve(t, addr)
	k, err := Open(addr)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	attrs := map[string]string{"application": "kin", "kind": "wallet", "name": "default"}
	if _, err := k.Get(attrs); err != ErrNotFound {
		t.Errorf("empty keyring: %v", err)
	}
	if err := k.Set("kin wallet", attrs, "hunter2 and more"); err != nil {
		t.Fatal(err)
	}
	if err := k.Set("kin wallet", attrs, "correct horse"); err != nil { // replaces
		t.Fatal(err)
	}
	got, err := k.Get(attrs)
	n := f.Len()
	if err != nil || got != "correct horse" || n != 1 {
		t.Errorf("Get = %q %v (%d items)", got, err, n)
	}
	if _, err := k.Get(map[string]string{"application": "kin", "kind": "api-key"}); err != ErrNotFound {
		t.Errorf("other attributes: %v", err)
	}
	f.Lock()
	if _, err := k.Get(attrs); err != ErrLocked {
		t.Errorf("locked keyring: %v", err)
	}
}
