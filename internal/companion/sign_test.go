package companion

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/provider"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/identity"
	"github.com/kin-companion/kin/store"
)

// approve answers every permission question with yes and keeps them.
type approve struct{ asked []tools.Request }

func (a *approve) Confirm(_ context.Context, r tools.Request) (tools.Answer, error) {
	a.asked = append(a.asked, r)
	return tools.Once, nil
}

// TestSignAction: the sign-action skill shows the exact text before it
// signs, the signature verifies against the wallet, the sign event is in
// the diary, and the passphrase and key are nowhere in the store.
func TestSignAction(t *testing.T) {
	dir := t.TempDir()
	const pass = "correct horse battery staple"
	w := identity.OpenWallet(identity.WalletConfig{Dir: identity.KeystoreDir(dir, store.DefaultAgentID), ScryptN: 2, ScryptP: 1})
	addr, err := w.Create(pass)
	if err != nil {
		t.Fatal(err)
	}
	a := &approve{}
	c, err := Start(context.Background(), Options{DataDir: dir, Confirm: a, MCPConfig: "-",
		Provider: provider.Options{Provider: "none", Getenv: func(string) string { return "" }},
		Getenv:   func(k string) string { return map[string]string{identity.PassphraseEnv: pass}[k] }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.DB.Identity().LinkWallet(addr, 1); err != nil {
		t.Fatal(err)
	}
	msg := "I, kin, promise to water the plants on Friday."
	res, err := c.Runtime.Call(context.Background(), tools.CallerModel, "sign-action", json.RawMessage(`{"message":"`+msg+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.asked) != 1 || !strings.Contains(a.asked[0].Question(), msg) {
		t.Fatalf("the user was not shown the exact text: %+v", a.asked)
	}
	sig := res.Text[strings.LastIndex(res.Text, " ")+1:]
	if err := identity.VerifyMessage([]byte(msg), sig, addr); err != nil {
		t.Errorf("signature %s: %v", sig, err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	// Nothing secret in the database's files.
	filepath.Walk(filepath.Join(dir, "agents"), func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			b, _ := os.ReadFile(p)
			if bytes.Contains(b, []byte(pass)) {
				t.Errorf("the passphrase is in %s", p)
			}
		}
		return nil
	})
	db, err := store.Open(store.Options{Dir: dir, GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	entries, _ := db.Diary().Recent(100)
	found := false
	for _, e := range entries {
		found = found || (e.Type == "sign" && strings.Contains(string(e.Payload), "water the plants"))
	}
	if !found {
		t.Error("no sign entry in the diary")
	}
}
