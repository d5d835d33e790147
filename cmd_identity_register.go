package main

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"time"

	"github.com/kin-companion/kin/identity/erc8004"
	"github.com/kin-companion/kin/identity/ipfs"
	"github.com/kin-companion/kin/store/identity"
)

// PinTokenEnv holds the pinning service's access token, kept off the command line.
const pinTokenEnv = "KIN_IPFS_PIN_TOKEN"

// registerFlags are the options of `kin identity register`.
type registerFlags struct {
	rpc, registry, model, manifest, image, mcp, node, pin string
	chain                                                 uint64
	timeout                                               time.Duration
	poll                                                  time.Duration
}

func (c *identityCmd) registerFlags(args []string) (registerFlags, bool) {
	var f registerFlags
	fs := flags("kin identity register", c.stderr)
	fs.StringVar(&f.rpc, "rpc", "", "the chain's JSON-RPC URL (required)")
	fs.StringVar(&f.registry, "registry", "", "the Identity Registry's address (required)")
	fs.Uint64Var(&f.chain, "chain", 0, "the chain id the RPC must serve (default: the wallet's)")
	fs.StringVar(&f.model, "model", "", "the character (GLB or VRM) to publish")
	fs.StringVar(&f.manifest, "manifest", "", "the agent manifest (JSON) to publish")
	fs.StringVar(&f.image, "image", "", "a picture of the agent")
	fs.StringVar(&f.mcp, "mcp", "", "kin's public MCP endpoint, if it has one")
	fs.StringVar(&f.node, "ipfs-node", "", "an IPFS node's RPC URL, e.g. http://127.0.0.1:5001")
	fs.StringVar(&f.pin, "pin-service", "", "an IPFS Pinning Service API URL (token in "+pinTokenEnv+")")
	fs.DurationVar(&f.timeout, "timeout", 5*time.Minute, "how long to wait for IPFS and the chain")
	fs.DurationVar(&f.poll, "poll", time.Second, "how often to look for the mined transaction")
	pos, err := parseFlags(fs, args)
	if err != nil || len(pos) > 0 {
		return f, false
	}
	if f.rpc == "" || f.registry == "" {
		fmt.Fprintln(c.stderr, "kin identity register: --rpc URL and --registry ADDRESS are required")
		return f, false
	}
	if f.node == "" && f.pin == "" {
		fmt.Fprintln(c.stderr, "kin identity register: say where the bundle goes: --ipfs-node URL and/or --pin-service URL")
		return f, false
	}
	return f, true
}

// register publishes the bundle, registers the agent URI and, only once the
// transaction is mined, saves the registration in the passport and the diary.
func (c *identityCmd) register(args []string) int {
	f, ok := c.registerFlags(args)
	if !ok {
		return 2
	}
	p, err := c.db.Identity().Passport()
	if err != nil {
		return c.fail("register", err)
	}
	if err := c.canRegister(p); err != nil {
		return c.fail("register", err)
	}
	if f.chain == 0 {
		f.chain = p.ChainID
	}
	ctx, cancel := context.WithTimeout(context.Background(), f.timeout)
	defer cancel()
	client, chain, err := erc8004.Dial(ctx, f.rpc, f.chain)
	if err != nil {
		return c.fail("register", err)
	}
	defer client.Close()
	reg, err := erc8004.NewRegistrar(client, f.registry)
	if err != nil {
		return c.fail("register", err)
	}
	reg.PollEvery = f.poll
	pass, err := c.pass.ReadFor(p.WalletAddress, "passphrase of "+p.WalletAddress+": ")
	if err != nil {
		return c.fail("register", err)
	}
	opts, err := c.wallet.Transactor(p.WalletAddress, pass, new(big.Int).SetUint64(chain))
	if err != nil {
		return c.fail("register", err)
	}
	bundle, err := readBundle(p, chain, f)
	if err != nil {
		return c.fail("register", err)
	}
	pub, err := erc8004.Publish(ctx, ipfsStore(f), bundle)
	if err != nil {
		return c.fail("register", err)
	}
	fmt.Fprintf(c.stdout, "bundle on IPFS: %s\n", pub.AgentURI)
	rcpt, err := reg.Register(ctx, opts, pub.AgentURI)
	if err != nil {
		return c.fail("register", err)
	}
	return c.saveRegistration(chain, reg, pub.AgentURI, rcpt)
}

func (c *identityCmd) canRegister(p identity.Passport) error {
	switch {
	case p.Registration != nil:
		return fmt.Errorf("already registered as %s", p.Registration.Address())
	case p.WalletAddress == "":
		return errors.New("the agent has no wallet to register with: `kin identity wallet new` first")
	case !c.wallet.Has(p.WalletAddress):
		return fmt.Errorf("the wallet %s was linked and its key lives in another wallet, so kin cannot send the registration; import the key with `kin identity wallet import`", p.WalletAddress)
	}
	return nil
}

func (c *identityCmd) saveRegistration(chain uint64, reg *erc8004.Registrar, uri string, rcpt erc8004.Receipt) int {
	r := identity.Registration{ChainID: chain, Registry: reg.Registry.Hex(), AgentID: rcpt.AgentID.String(), AgentURI: uri, TxHash: rcpt.TxHash}
	_, err := c.db.Identity().Update(func(p *identity.Passport) error {
		p.IsRegistered, p.Registration = true, &r
		return nil
	})
	if err != nil {
		return c.fail("register", fmt.Errorf("registered as %s (transaction %s), but saving that in the passport failed: %w", r.Address(), r.TxHash, err))
	}
	if _, err := c.db.Diary().Record("register", r, time.Time{}); err != nil {
		fmt.Fprintf(c.stderr, "kin identity register: registered, but the diary could not record it: %v\n", err)
	}
	fmt.Fprintf(c.stdout, "registered as %s (agent %s in registry %s, transaction %s, block %d)\n", r.Address(), r.AgentID, r.Registry, r.TxHash, rcpt.Block)
	return 0
}

func readBundle(p identity.Passport, chain uint64, f registerFlags) (erc8004.Bundle, error) {
	b := erc8004.Bundle{Passport: p, ChainID: chain, MCPEndpoint: f.mcp}
	for _, part := range []struct {
		path string
		data *[]byte
		name *string
	}{{f.model, &b.Model, &b.ModelName}, {f.manifest, &b.Manifest, nil}, {f.image, &b.Image, &b.ImageName}} {
		if part.path == "" {
			continue
		}
		data, err := os.ReadFile(part.path)
		if err != nil {
			return b, fmt.Errorf("cannot read %s: %w", part.path, err)
		}
		*part.data = data
		if part.name != nil {
			*part.name = filepath.Base(part.path)
		}
	}
	return b, nil
}

func ipfsStore(f registerFlags) ipfs.Store {
	var both ipfs.Both
	if f.node != "" {
		both.Node = &ipfs.Node{URL: f.node}
	}
	if f.pin != "" {
		both.Service = &ipfs.PinningService{URL: f.pin, Token: os.Getenv(pinTokenEnv)}
	}
	return both
}
