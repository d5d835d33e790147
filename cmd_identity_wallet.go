package main

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/term"

	kid "github.com/kin-companion/kin/identity"
)

func (c *identityCmd) walletCmd(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(c.stderr, "kin identity wallet: want new, import, link ADDRESS --chain ID, or unlink")
		return 2
	}
	sub, args := args[0], args[1:]
	switch sub {
	case "new", "import":
		return c.walletAdd(sub, args)
	case "link":
		return c.walletLink(args)
	case "unlink":
		if _, err := c.db.Identity().UnlinkWallet(); err != nil {
			return c.fail("wallet unlink", err)
		}
		fmt.Fprintln(c.stdout, "wallet unlinked (its key file, if any, stays in the keystore)")
		return 0
	}
	fmt.Fprintf(c.stderr, "kin identity wallet: unknown command %q\n", sub)
	return 2
}

// walletAdd runs `wallet new` and `wallet import`: the key goes into the keystore, then
// the passport links its address.
func (c *identityCmd) walletAdd(sub string, args []string) int {
	name := "wallet " + sub
	fs := flags("kin identity "+name, c.stderr)
	chain := fs.Uint64("chain", 1, "the chain id the wallet is used on")
	keyFile := fs.String("keyfile", "", "import this key file (Web3 Secret Storage) instead of a raw key")
	remember := fs.Bool("keyring", false, "keep the passphrase in the desktop keyring, so signing does not ask for it")
	if pos, err := parseFlags(fs, args); err != nil || len(pos) > 0 || (sub == "new" && *keyFile != "") {
		return 2
	}
	p, err := c.db.Identity().Passport()
	if err != nil {
		return c.fail(name, err)
	}
	if p.WalletAddress != "" {
		return c.fail(name, fmt.Errorf("the agent already has the wallet %s; `kin identity wallet unlink` it first", p.WalletAddress))
	}
	var key, file []byte
	if sub == "import" {
		if key, file, err = c.readImport(*keyFile); err != nil {
			return c.fail(name, err)
		}
	}
	pass, err := c.pass.Read("passphrase for the new key file: ", sub == "new" || *keyFile == "")
	if err != nil {
		return c.fail(name, err)
	}
	var addr string
	switch {
	case sub == "new":
		addr, err = c.wallet.Create(pass)
	case file != nil:
		addr, err = c.wallet.ImportKeyFile(file, pass, pass)
	default:
		addr, err = c.wallet.ImportKey(string(key), pass)
		clear(key)
	}
	if err != nil && !errors.Is(err, kid.ErrKeyExists) {
		return c.fail(name, err)
	}
	if _, err := c.db.Identity().LinkWallet(addr, *chain); err != nil {
		return c.fail(name, err)
	}
	fmt.Fprintf(c.stdout, "wallet %s on chain %d; its key is encrypted in %s — keep a backup of that folder and the passphrase\n", addr, *chain, c.wallet.Dir())
	if *remember {
		if err := kid.RememberPassphrase(addr, pass); err != nil {
			fmt.Fprintf(c.stderr, "kin identity: the passphrase is not in the keyring: %v\n", err)
			return 1
		}
		fmt.Fprintln(c.stdout, "the passphrase is in the desktop keyring")
	}
	return 0
}

// readImport reads what `wallet import` imports: a key file, or a raw key from the
// terminal (hidden) or a pipe — never from the command line, where shells keep it.
func (c *identityCmd) readImport(keyFile string) (key, file []byte, err error) {
	if keyFile != "" {
		file, err = os.ReadFile(keyFile)
		return nil, file, err
	}
	if f, ok := c.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(c.stderr, "private key (64 hex digits, not shown): ")
		key, err = term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(c.stderr)
		return key, nil, err
	}
	line, err := kid.ReadSecretLine(c.stdin)
	return []byte(line), nil, err
}

func (c *identityCmd) walletLink(args []string) int {
	fs := flags("kin identity wallet link", c.stderr)
	chain := fs.Uint64("chain", 0, "the chain id (required)")
	pos, err := parseFlags(fs, args)
	if err != nil || len(pos) != 1 {
		fmt.Fprintln(c.stderr, "kin identity wallet link: want ADDRESS --chain ID")
		return 2
	}
	if *chain == 0 {
		fmt.Fprintln(c.stderr, "kin identity wallet link: --chain ID is required (1 for Ethereum, 8453 for Base, …)")
		return 2
	}
	p, err := c.db.Identity().LinkWallet(pos[0], *chain)
	if err != nil {
		return c.fail("wallet link", err)
	}
	note := "kin cannot sign with it: its key lives in another wallet"
	if c.wallet.Has(p.WalletAddress) {
		note = "its key is in kin's keystore"
	}
	fmt.Fprintf(c.stdout, "linked %s on chain %d (%s)\n", p.WalletAddress, p.ChainID, note)
	return 0
}
