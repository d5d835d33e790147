package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	kid "github.com/kin-companion/kin/identity"
	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/cli"
	"github.com/kin-companion/kin/store/identity"
)

// walletStrength is the scrypt N and p of new key files; zero means go-ethereum's
// standard strength. Tests lower it.
var walletStrength [2]int

// identityStdin is where `wallet import` reads a piped key; tests replace it.
var identityStdin io.Reader = os.Stdin

// identityCmd is one `kin identity` run: the open store, the agent's wallet and where
// the passphrase comes from.
type identityCmd struct {
	db     *store.DB
	wallet *kid.Wallet
	pass   kid.PassphraseSource
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// cmdIdentity runs `kin identity show|set|wallet|sign|verify|register`; the global
// flags --data DIR and --agent-id ID may appear anywhere after "identity".
func cmdIdentity(args []string, stdout, stderr io.Writer) int {
	g, rest, err := cli.ParseGlobals(args)
	if err != nil {
		fmt.Fprintf(stderr, "kin identity: %v\n", err)
		return 2
	}
	if len(rest) == 0 || rest[0] == "help" || rest[0] == "-h" || rest[0] == "--help" {
		fmt.Fprint(stdout, identityUsage)
		if len(rest) == 0 {
			return 2
		}
		return 0
	}
	if rest[0] == "verify" {
		return identityVerify(rest[1:], stdout, stderr)
	}
	dataDir := g.Data
	if dataDir == "" {
		if dataDir, err = store.DefaultDataDir(); err != nil {
			fmt.Fprintf(stderr, "kin identity: %v\n", err)
			return 1
		}
	}
	agent := g.AgentID
	if agent == "" {
		agent = store.DefaultAgentID
	}
	db, err := store.Open(store.Options{Dir: dataDir, AgentID: agent, GCInterval: -1})
	if err != nil {
		fmt.Fprintf(stderr, "kin identity: %v\n", err)
		if errors.Is(err, store.ErrAlreadyRunning) {
			fmt.Fprintln(stderr, "kin is running and holds its memory open; quit it first, or use another --data / --agent-id")
		}
		return 1
	}
	c := &identityCmd{db: db, stdin: identityStdin, stdout: stdout, stderr: stderr,
		wallet: kid.OpenWallet(kid.WalletConfig{Dir: kid.KeystoreDir(dataDir, agent), ScryptN: walletStrength[0], ScryptP: walletStrength[1]})}
	code := c.run(rest)
	if err := db.Close(); err != nil {
		fmt.Fprintf(stderr, "kin identity: %v\n", err)
		return 1
	}
	return code
}

func (c *identityCmd) run(args []string) int {
	sub, args := args[0], args[1:]
	switch sub {
	case "show":
		return c.show(args)
	case "set":
		return c.set(args)
	case "wallet":
		return c.walletCmd(args)
	case "sign":
		return c.sign(args)
	case "register":
		return c.register(args)
	}
	fmt.Fprintf(c.stderr, "kin identity: unknown command %q\n%s", sub, identityUsage)
	return 2
}

// fail prints err for the command and returns exit status 1.
func (c *identityCmd) fail(cmd string, err error) int {
	fmt.Fprintf(c.stderr, "kin identity %s: %v\n", cmd, err)
	return 1
}

// passportJSON is the contract of `kin identity show --json`: every field always
// present, plus the registration once registered.
type passportJSON struct {
	ID            string                 `json:"id"`
	Name          string                 `json:"name"`
	Description   string                 `json:"description"`
	AvatarID      string                 `json:"avatarId"`
	HomeURL       string                 `json:"homeUrl"`
	WalletAddress string                 `json:"walletAddress"`
	ChainID       uint64                 `json:"chainId"`
	Skills        []string               `json:"skills"`
	Meta          json.RawMessage        `json:"meta"`
	IsRegistered  bool                   `json:"isRegistered"`
	AgentAddress  string                 `json:"agentAddress,omitempty"`
	Registration  *identity.Registration `json:"registration,omitempty"`
}

func toJSON(p identity.Passport) passportJSON {
	out := passportJSON{ID: p.ID, Name: p.Name, Description: p.Description, AvatarID: p.AvatarID, HomeURL: p.HomeURL,
		WalletAddress: p.WalletAddress, ChainID: p.ChainID, Skills: p.Skills, Meta: p.Meta, IsRegistered: p.IsRegistered,
		Registration: p.Registration}
	if out.Skills == nil {
		out.Skills = []string{}
	}
	if len(out.Meta) == 0 {
		out.Meta = json.RawMessage("{}")
	}
	if p.Registration != nil {
		out.AgentAddress = p.Registration.Address()
	}
	return out
}

func (c *identityCmd) show(args []string) int {
	fs := flags("kin identity show", c.stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	if pos, err := parseFlags(fs, args); err != nil || len(pos) > 0 {
		return 2
	}
	p, err := c.db.Identity().Passport()
	if err != nil {
		return c.fail("show", err)
	}
	j := toJSON(p)
	if *asJSON {
		enc := json.NewEncoder(c.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(j); err != nil {
			return c.fail("show", err)
		}
		return 0
	}
	wallet := "none (kin identity wallet new)"
	if p.WalletAddress != "" {
		where := "key in kin's keystore"
		if !c.wallet.Has(p.WalletAddress) {
			where = "linked; its key lives in another wallet"
		}
		wallet = fmt.Sprintf("%s on chain %d (%s)", p.WalletAddress, p.ChainID, where)
	}
	registered := "no (kin identity register)"
	if r := p.Registration; r != nil {
		registered = fmt.Sprintf("%s (registry %s, transaction %s)", r.Address(), r.Registry, r.TxHash)
	}
	fmt.Fprintf(c.stdout, "id:          %s\nname:        %s\ndescription: %s\navatar:      %s\nhome:        %s\nwallet:      %s\nskills:      %s\nmeta:        %s\nregistered:  %s\n",
		j.ID, j.Name, j.Description, j.AvatarID, j.HomeURL, wallet, strings.Join(j.Skills, ", "), j.Meta, registered)
	return 0
}

// settable are the passport fields `kin identity set` changes and how.
var settable = map[string]func(p *identity.Passport, v string) error{
	"name": func(p *identity.Passport, v string) error {
		if strings.TrimSpace(v) == "" {
			return errors.New("the name cannot be empty")
		}
		p.Name = v
		return nil
	},
	"description": func(p *identity.Passport, v string) error { p.Description = v; return nil },
	"avatarId":    func(p *identity.Passport, v string) error { p.AvatarID = v; return nil },
	"homeUrl":     func(p *identity.Passport, v string) error { p.HomeURL = v; return nil },
	"skills": func(p *identity.Passport, v string) error {
		p.Skills = nil
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				p.Skills = append(p.Skills, s)
			}
		}
		return nil
	},
	"meta": func(p *identity.Passport, v string) error {
		if !json.Valid([]byte(v)) || !strings.HasPrefix(strings.TrimSpace(v), "{") {
			return errors.New(`meta must be a JSON object, e.g. '{"theme":"dark"}'`)
		}
		p.Meta = json.RawMessage(v)
		return nil
	},
}

func (c *identityCmd) set(args []string) int {
	if len(args) != 2 {
		fmt.Fprintf(c.stderr, "kin identity set: want FIELD VALUE; fields: name, description, avatarId, homeUrl, skills (a,b,c), meta (JSON)\n")
		return 2
	}
	fn, ok := settable[args[0]]
	if !ok {
		fmt.Fprintf(c.stderr, "kin identity set: %q cannot be set; fields: name, description, avatarId, homeUrl, skills, meta (the wallet: kin identity wallet …; registration: kin identity register)\n", args[0])
		return 2
	}
	if _, err := c.db.Identity().Update(func(p *identity.Passport) error { return fn(p, args[1]) }); err != nil {
		return c.fail("set", err)
	}
	fmt.Fprintf(c.stdout, "%s set\n", args[0])
	return 0
}

func (c *identityCmd) sign(args []string) int {
	if len(args) != 1 {
		fmt.Fprintln(c.stderr, "kin identity sign: want one MESSAGE (quote it)")
		return 2
	}
	p, err := c.db.Identity().Passport()
	if err != nil {
		return c.fail("sign", err)
	}
	if p.WalletAddress != "" && !c.wallet.Has(p.WalletAddress) {
		return c.fail("sign", fmt.Errorf("cannot sign: the wallet %s was linked, and its key lives in another wallet; sign there, or import the key with `kin identity wallet import`", p.WalletAddress))
	}
	pass := ""
	if p.WalletAddress != "" {
		if pass, err = c.pass.ReadFor(p.WalletAddress, "passphrase of "+p.WalletAddress+": "); err != nil {
			return c.fail("sign", err)
		}
	}
	s, err := kid.Sign(c.wallet, p, pass, args[0])
	if err != nil {
		return c.fail("sign", err)
	}
	if _, err := c.db.Diary().Record("sign", map[string]string{"message": s.Message, "address": s.Address, "signature": s.Signature}, time.Time{}); err != nil {
		return c.fail("sign", fmt.Errorf("signed, but the diary could not record it: %w", err))
	}
	fmt.Fprintln(c.stdout, s.Signature)
	return 0
}

func identityVerify(args []string, stdout, stderr io.Writer) int {
	if len(args) != 3 {
		fmt.Fprintln(stderr, "kin identity verify: want MESSAGE SIGNATURE ADDRESS")
		return 2
	}
	if err := kid.VerifyMessage([]byte(args[0]), args[1], args[2]); err != nil {
		fmt.Fprintf(stderr, "kin identity verify: NOT VALID: %v\n", err)
		return 1
	}
	sum, _ := identity.CheckAddress(args[2])
	fmt.Fprintf(stdout, "valid: %s signed this message\n", sum)
	return 0
}

func flags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parseFlags parses flags interleaved with positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if args = fs.Args(); len(args) == 0 {
			return pos, nil
		}
		pos, args = append(pos, args[0]), args[1:]
	}
}

const identityUsage = `kin identity — who the agent is, its wallet and its on-chain registration

  kin identity show [--json]               the passport
  kin identity set FIELD VALUE             name, description, avatarId, homeUrl, skills (a,b,c), meta (JSON)
  kin identity wallet new [--chain ID]     make a key, encrypted with a passphrase (default chain 1)
  kin identity wallet import [--chain ID] [--keyfile FILE]
                                           a private key typed or piped on stdin, or a key file
                                           (Web3 Secret Storage, from geth or another wallet)
  kin identity wallet link ADDRESS --chain ID
                                           an address whose key lives elsewhere (kin cannot sign)
  kin identity wallet unlink               forget the wallet (key files stay in the keystore)
  kin identity sign MESSAGE                an EIP-191 personal_sign signature (0x, 65 bytes)
  kin identity verify MESSAGE SIG ADDRESS  exit 0 only if ADDRESS signed MESSAGE
  kin identity register --rpc URL --registry ADDRESS [--chain ID] [--model FILE] [--manifest FILE]
                        [--image FILE] [--mcp URL] [--ipfs-node URL] [--pin-service URL]
                                           put the bundle on IPFS and register in an ERC-8004
                                           Identity Registry; the pinning token is read from
                                           KIN_IPFS_PIN_TOKEN

  The passphrase is asked on the terminal, or read from KIN_WALLET_PASSPHRASE.
  Keys are kept encrypted in DATA/keystore/AGENT-ID.
  Global flags: --data DIR (default $XDG_DATA_HOME/kin), --agent-id ID (default "default").
`
