package identity

import (
	"bytes"
	"errors"
	"github.com/kin-companion/kin/internal/keyring/keyringtest"
	"github.com/kin-companion/kin/internal/npmtest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/kin-companion/kin/store/diary"
)

// testKey is a well-known development key (hardhat's first account); never use it.
const (
	testKey  = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	testAddr = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
)

func newWallet(t *testing.T) *Wallet {
	return OpenWallet(WalletConfig{Dir: filepath.Join(t.TempDir(), "keystore"), ScryptN: keystore.LightScryptN, ScryptP: keystore.LightScryptP})
}

func TestWalletCreateSignVerify(t *testing.T) {
	w := newWallet(t)
	addr, err := w.Create("pass word")
	if err != nil {
		t.Fatal(err)
	}
	if !w.Has(addr) || !w.Has(strings.ToLower(addr)) {
		t.Fatalf("Has(%s) = false", addr)
	}
	msg := []byte("I, kin, approve: send the report to Ana")
	sig, err := w.Sign(addr, "pass word", msg)
	if err != nil {
		t.Fatal(err)
	}
	if len(sig) != 132 || !strings.HasPrefix(sig, "0x") || (sig[130:] != "1b" && sig[130:] != "1c") {
		t.Errorf("signature %s is not 65 bytes with v 27/28", sig)
	}
	if err := VerifyMessage(msg, sig, addr); err != nil {
		t.Errorf("VerifyMessage: %v", err)
	}
	if err := VerifyMessage([]byte("something else"), sig, addr); !errors.Is(err, ErrBadSignature) {
		t.Errorf("other message: %v", err)
	}
	if err := VerifyMessage(msg, sig, testAddr); !errors.Is(err, ErrBadSignature) {
		t.Errorf("other address: %v", err)
	}
	for _, bad := range []string{"", "0x12", sig[:130] + "05", "0x" + strings.Repeat("zz", 65)} {
		if err := VerifyMessage(msg, bad, addr); !errors.Is(err, ErrBadSignature) {
			t.Errorf("signature %q: %v", bad, err)
		}
	}
	// the key file is Web3 Secret Storage v3 that go-ethereum's keystore reads
	files, _ := filepath.Glob(filepath.Join(w.Dir(), "UTC--*"))
	data, _ := os.ReadFile(files[0])
	if k, err := keystore.DecryptKey(data, "pass word"); err != nil || k.Address.Hex() != addr {
		t.Errorf("DecryptKey: %v", err)
	}
}

// TestKnownSignature pins a signature of a fixed key: RFC 6979 makes it deterministic,
// and ethers.Wallet.signMessage gives the same bytes (checked with ethers 6.13.4).
func TestKnownSignature(t *testing.T) {
	w := newWallet(t)
	addr, err := w.ImportKey("0x"+testKey, "p")
	if err != nil || addr != testAddr {
		t.Fatalf("ImportKey = %s, %v", addr, err)
	}
	sig, err := w.Sign(addr, "p", []byte("hello kin"))
	if err != nil {
		t.Fatal(err)
	}
	const ethers = "0xd9617b19d8b049cc7de2927300b519d418add201f64794a0d8e8338f992b4ed367d6d8ee2fc94db5e4a198ca172814d3afc042921521d589619b2432156f73b11b"
	if sig != ethers {
		t.Errorf("signature = %s, ethers gives %s", sig, ethers)
	}
	if got, err := RecoverAddress([]byte("hello kin"), sig); err != nil || got != testAddr {
		t.Errorf("RecoverAddress = %s, %v", got, err)
	}
	if _, err := w.ImportKey(testKey, "p"); !errors.Is(err, ErrKeyExists) {
		t.Errorf("second import: %v", err)
	}
}

func TestWalletBadInput(t *testing.T) {
	w := newWallet(t)
	addr, _ := w.ImportKey(testKey, "right")
	if _, err := w.Sign(addr, "wrong", []byte("x")); !errors.Is(err, ErrWrongPassphrase) {
		t.Errorf("wrong passphrase: %v", err)
	}
	if _, err := w.Sign(addr, "", []byte("x")); !errors.Is(err, ErrNoPassphrase) {
		t.Errorf("no passphrase: %v", err)
	}
	if _, err := w.Sign("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "right", []byte("x")); !errors.Is(err, ErrNoKey) || !strings.Contains(err.Error(), "another wallet") {
		t.Errorf("linked address: %v", err)
	}
	for _, k := range []string{"", "12", strings.Repeat("g", 64), strings.Repeat("0", 64)} {
		if _, err := w.ImportKey(k, "p"); err == nil {
			t.Errorf("ImportKey(%q) accepted", k)
		}
	}
	files, _ := filepath.Glob(filepath.Join(w.Dir(), "UTC--*"))
	os.WriteFile(files[0], []byte(`{"address":"f39fd6e51aad88f6f4ce6ab8827279cfffb92266","crypto":{"cipher":"aes`), 0o600)
	if _, err := w.Sign(addr, "right", []byte("x")); !errors.Is(err, ErrCorruptKeystore) {
		t.Errorf("corrupt keystore: %v", err)
	}
	if _, err := w.ImportKeyFile([]byte("{}"), "a", "b"); !errors.Is(err, ErrCorruptKeystore) {
		t.Errorf("import of a bad file: %v", err)
	}
}

func TestImportKeyFile(t *testing.T) {
	src, dst := newWallet(t), newWallet(t)
	addr, _ := src.Create("old")
	files, _ := filepath.Glob(filepath.Join(src.Dir(), "UTC--*"))
	data, _ := os.ReadFile(files[0])
	if _, err := dst.ImportKeyFile(data, "wrong", "new"); !errors.Is(err, ErrWrongPassphrase) {
		t.Errorf("wrong old passphrase: %v", err)
	}
	got, err := dst.ImportKeyFile(data, "old", "new")
	if err != nil || got != addr {
		t.Fatalf("ImportKeyFile = %s, %v", got, err)
	}
	if _, err := dst.Sign(addr, "new", []byte("x")); err != nil {
		t.Errorf("sign with the new passphrase: %v", err)
	}
}

// TestNoSecretOnDisk checks that neither the key nor the passphrase is written in the
// clear anywhere under the wallet's folder.
func TestNoSecretOnDisk(t *testing.T) {
	w := newWallet(t)
	const pass = "correct horse battery staple"
	w.ImportKey(testKey, pass)
	filepath.Walk(w.Dir(), func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		data, _ := os.ReadFile(path)
		if bytes.Contains(bytes.ToLower(data), []byte(testKey)) || bytes.Contains(data, []byte(pass)) {
			t.Errorf("%s holds a secret in the clear", path)
		}
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %v, want 0600", path, info.Mode().Perm())
		}
		return nil
	})
}

func TestAnchors(t *testing.T) {
	w := newWallet(t)
	addr, _ := w.ImportKey(testKey, "p")
	var entries []diary.Entry
	head := diary.Empty()
	add := func(typ string, payload any) {
		e, err := diary.Next(head, typ, payload, time.Unix(int64(len(entries)), 0))
		if err != nil {
			t.Fatal(err)
		}
		entries, head = append(entries, e), e.Head()
	}
	add("speak", map[string]string{"text": "hi"})
	add("remember", map[string]string{"content": "likes tea"})
	a, err := SignHead(w, addr, "p", "leo", head)
	if err != nil {
		t.Fatal(err)
	}
	add(AnchorType, a)
	add("speak", map[string]string{"text": "after"})
	r, err := VerifyExport(entries, addr)
	if err != nil || r.SignedUpTo != 2 || len(r.Anchors) != 1 || r.Entries != 4 {
		t.Fatalf("VerifyExport = %+v, %v", r, err)
	}
	if _, err := VerifyExport(entries, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"); !errors.Is(err, ErrWrongSigner) {
		t.Errorf("another address: %v", err)
	}
	if _, err := VerifyExport(entries[:2], addr); !errors.Is(err, ErrBadSignature) {
		t.Errorf("no anchor: %v", err)
	}
	// rewriting history and rehashing the whole chain keeps the hashes consistent but
	// breaks the signature
	forged := rehash(t, entries, func(e *diary.Entry) {
		if e.Seq == 1 {
			e.Payload = []byte(`{"text":"bye"}`)
		}
	})
	if _, err := VerifyExport(forged, ""); !errors.Is(err, ErrBadSignature) {
		t.Errorf("rewritten history: %v", err)
	}
	resigned := rehash(t, entries, func(e *diary.Entry) {
		if e.Type == AnchorType {
			e.Payload = []byte(strings.Replace(string(e.Payload), `"seq":2`, `"seq":2,"x":1`, 1))
		}
	})
	if _, err := VerifyExport(resigned, ""); err != nil {
		t.Errorf("extra field in an anchor: %v", err)
	}
	tampered := rehash(t, entries, func(e *diary.Entry) {
		if e.Type == AnchorType {
			var a Anchor
			jsonUnmarshal(e.Payload, &a)
			a.Agent = "mallory"
			e.Payload = jsonMarshal(a)
		}
	})
	if _, err := VerifyExport(tampered, ""); !errors.Is(err, ErrBadSignature) {
		t.Errorf("anchor edited: %v", err)
	}
}

// rehash applies edit to a copy of entries and recomputes every hash and link, as a
// forger who can rewrite the whole chain would.
func rehash(t *testing.T, entries []diary.Entry, edit func(*diary.Entry)) []diary.Entry {
	t.Helper()
	out := make([]diary.Entry, len(entries))
	head := diary.Empty()
	for i, e := range entries {
		edit(&e)
		if e.Type == AnchorType {
			var a Anchor
			jsonUnmarshal(e.Payload, &a)
			if a.Head != head.Hash { // the forger keeps the signature but must repoint it
				a.Head = head.Hash
				e.Payload = jsonMarshal(a)
			}
		}
		n, err := diary.Next(head, e.Type, e.Payload, e.Time)
		if err != nil {
			t.Fatal(err)
		}
		out[i], head = n, n.Head()
	}
	return out
}

// TestEthersVerifies has ethers (an independent implementation) recover the signer.
func TestEthersVerifies(t *testing.T) {
	mods := npmtest.Modules(t, "ethers@6.13.4")
	w := newWallet(t)
	addr, _ := w.Create("p")
	msg := "kin diary anchor\nagent: leo\nentry: 2\nhead: ünïcode ✓"
	sig, err := w.Sign(addr, "p", []byte(msg))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "-e", `const {verifyMessage} = require("ethers"); console.log(verifyMessage(process.argv[1], process.argv[2]))`, msg, sig)
	cmd.Env = append(os.Environ(), "NODE_PATH="+mods)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != addr {
		t.Errorf("ethers recovered %s, want %s", got, addr)
	}
}

func BenchmarkSignMessage(b *testing.B) {
	key, _ := crypto.HexToECDSA(testKey)
	msg := []byte("kin diary anchor\nagent: leo\nentry: 1000\nhead: 0929de1b91aa6765c5fb69f03bedf6524e2256eb5f0ba4e7540c4e3402b79532")
	b.ReportAllocs()
	for b.Loop() {
		SignMessage(key, msg)
	}
}

func BenchmarkVerifyMessage(b *testing.B) {
	key, _ := crypto.HexToECDSA(testKey)
	msg := []byte("approve: pay invoice 42")
	sig, _ := SignMessage(key, msg)
	b.ReportAllocs()
	for b.Loop() {
		if err := VerifyMessage(msg, sig, testAddr); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPassphraseFromKeyring: a passphrase kept in the desktop keyring is
// used to sign without asking; KIN_WALLET_PASSPHRASE still wins.
func TestPassphraseFromKeyring(t *testing.T) {
	addr := keyringtest.StartBus(t)
	keyringtest.Serve(t, addr)
	old := KeyringBus
	KeyringBus = addr
	t.Cleanup(func() { KeyringBus = old })
	w := newWallet(t)
	a, _ := w.Create("from the keyring")
	if err := RememberPassphrase(a, "from the keyring"); err != nil {
		t.Fatal(err)
	}
	src := PassphraseSource{Getenv: func(string) string { return "" }, In: os.Stdin}
	p, err := src.ReadFor(a, "passphrase: ")
	if err != nil || p != "from the keyring" {
		t.Fatalf("ReadFor = %q %v", p, err)
	}
	if _, err := w.Sign(a, p, []byte("hello")); err != nil {
		t.Fatal(err)
	}
	src.Getenv = func(k string) string { return map[string]string{PassphraseEnv: "from the environment"}[k] }
	if p, _ := src.ReadFor(a, "passphrase: "); p != "from the environment" {
		t.Errorf("the environment did not win: %q", p)
	}
}
