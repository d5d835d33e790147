package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	kid "github.com/kin-companion/kin/identity"
	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/diary"
)

// DiarySign runs `kin diary sign`: the passport's wallet signs the diary's current head
// (see identity.AnchorMessage) and the signature is recorded as an "anchor" entry, so
// that an export of the diary carries proof that its history up to that head is the
// wallet owner's. The passphrase is asked on the terminal or read from
// KIN_WALLET_PASSPHRASE.
func DiarySign(db *store.DB, args []string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintln(stderr, "kin diary sign: takes no arguments")
		return 2
	}
	p, err := db.Identity().Passport()
	if err != nil {
		fmt.Fprintf(stderr, "kin diary sign: %v\n", err)
		return 1
	}
	if p.WalletAddress == "" {
		fmt.Fprintln(stderr, "kin diary sign: the agent has no wallet to sign with: `kin identity wallet new` first")
		return 1
	}
	w := kid.OpenWallet(kid.WalletConfig{Dir: keystoreOf(db)})
	if !w.Has(p.WalletAddress) {
		fmt.Fprintf(stderr, "kin diary sign: cannot sign: the wallet %s was linked and its key lives in another wallet\n", p.WalletAddress)
		return 1
	}
	if _, _, err := db.Diary().Verify(); err != nil {
		fmt.Fprintf(stderr, "kin diary sign: the diary does not verify, so kin will not sign it: %v\n", err)
		return 1
	}
	pass, err := kid.PassphraseSource{}.ReadFor(p.WalletAddress, "passphrase of "+p.WalletAddress+": ")
	if err != nil {
		fmt.Fprintf(stderr, "kin diary sign: %v\n", err)
		return 1
	}
	head := db.Diary().Head()
	a, err := kid.SignHead(w, p.WalletAddress, pass, db.AgentID(), head)
	if err != nil {
		fmt.Fprintf(stderr, "kin diary sign: %v\n", err)
		return 1
	}
	if _, err := db.Diary().Record(kid.AnchorType, a, time.Time{}); err != nil {
		fmt.Fprintf(stderr, "kin diary sign: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "signed entries 1 to %d (head %s) with %s\n%s\n", head.Seq, head.Hash, a.Address, a.Signature)
	return 0
}

// keystoreOf is the keystore folder beside db: DATA/keystore/ID for DATA/agents/ID.
func keystoreOf(db *store.DB) string {
	return kid.KeystoreDir(filepath.Dir(filepath.Dir(db.Dir())), db.AgentID())
}

// DiaryVerify runs `kin diary verify [--address ADDR] [--file EXPORT.json]`: the hash
// chain and every anchor's signature, in the store or in a file written by `kin diary
// show --json`. With --address, every signature must be that wallet's and there must be
// at least one.
func DiaryVerify(db *store.DB, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("kin diary verify", stderr)
	address := fs.String("address", "", "require signatures by this wallet address")
	file := fs.String("file", "", "verify this export instead of the store")
	if pos, err := parse(fs, args); err != nil || len(pos) > 0 {
		return 2
	}
	if *file != "" {
		return verifyExportFile(*file, *address, stdout, stderr)
	}
	if code := diaryVerify(db.Diary(), stdout, stderr); code != 0 {
		return code
	}
	r := kid.AnchorReport{Address: *address}
	if err := db.Diary().Walk(0, func(_ uint64, e *diary.Entry) error { return r.Add(e) }); err != nil {
		fmt.Fprintf(stderr, "kin diary verify: FAILED: %v\n", err)
		return 1
	}
	return reportAnchors(r, *address, stdout, stderr)
}

func verifyExportFile(path, address string, stdout, stderr io.Writer) int {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "kin diary verify: %v\n", err)
		return 1
	}
	var entries []diary.Entry
	if err := json.Unmarshal(data, &entries); err != nil {
		fmt.Fprintf(stderr, "kin diary verify: %s is not a diary export (kin diary show --json): %v\n", path, err)
		return 1
	}
	r, err := kid.VerifyExport(entries, address)
	if err != nil {
		fmt.Fprintf(stderr, "kin diary verify: FAILED: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "export verified: %d entries, hash chain intact from entry 1\n", len(entries))
	return reportAnchors(r, address, stdout, stderr)
}

func reportAnchors(r kid.AnchorReport, address string, stdout, stderr io.Writer) int {
	if address != "" && len(r.Anchors) == 0 {
		fmt.Fprintf(stderr, "kin diary verify: FAILED: the diary holds no signature by %s (sign it with `kin diary sign`)\n", address)
		return 1
	}
	if len(r.Anchors) == 0 {
		fmt.Fprintln(stdout, "no signatures (kin diary sign adds one)")
		return 0
	}
	signers := map[string]bool{}
	for _, a := range r.Anchors {
		signers[a.Address] = true
	}
	for s := range signers {
		fmt.Fprintf(stdout, "signed by %s\n", s)
	}
	fmt.Fprintf(stdout, "%d signatures valid; entries 1 to %d are signed", len(r.Anchors), r.SignedUpTo)
	if r.Entries > r.SignedUpTo+1 {
		fmt.Fprintf(stdout, "; entries %d to %d came after the last signature", r.SignedUpTo+2, r.Entries)
	}
	fmt.Fprintln(stdout)
	return 0
}
