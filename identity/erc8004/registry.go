package erc8004

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/kin-companion/kin/store/identity"
)

//go:embed registry.abi.json
var registryJSON string

// RegistryABI is the part of the ERC-8004 Identity Registry interface kin calls.
var RegistryABI = mustABI(registryJSON)

func mustABI(s string) abi.ABI {
	a, err := abi.JSON(strings.NewReader(s))
	if err != nil {
		panic(err)
	}
	return a
}

// Errors callers branch on.
var (
	ErrUnreachable = errors.New("erc8004: cannot reach the Ethereum RPC")
	ErrWrongChain  = errors.New("erc8004: the RPC is on another chain")
	ErrNoContract  = errors.New("erc8004: no contract at the registry address")
	ErrReverted    = errors.New("erc8004: the registry refused the registration")
)

// Backend is what registering needs from a chain: ethclient.Client and go-ethereum's
// simulated backend both provide it.
type Backend interface {
	bind.ContractBackend
	bind.DeployBackend
	ChainID(ctx context.Context) (*big.Int, error)
}

// Dial connects to the JSON-RPC endpoint url and checks it serves chain wantChain (0:
// any). It returns the client and the chain id it reports.
func Dial(ctx context.Context, url string, wantChain uint64) (*ethclient.Client, uint64, error) {
	c, err := ethclient.DialContext(ctx, url)
	if err != nil {
		return nil, 0, fmt.Errorf("%w at %s: %v", ErrUnreachable, url, err)
	}
	id, err := c.ChainID(ctx)
	if err != nil {
		c.Close()
		return nil, 0, fmt.Errorf("%w at %s (is the node running and the address right?): %v", ErrUnreachable, url, err)
	}
	if wantChain != 0 && (!id.IsUint64() || id.Uint64() != wantChain) {
		c.Close()
		return nil, 0, fmt.Errorf("%w: %s serves chain %s, but chain %d was asked for; use an RPC of chain %d or --chain %s", ErrWrongChain, url, id, wantChain, wantChain, id)
	}
	return c, id.Uint64(), nil
}

// Receipt is a mined registration.
type Receipt struct {
	AgentID *big.Int
	TxHash  string
	Block   uint64
}

// Registrar calls an Identity Registry.
type Registrar struct {
	Backend  Backend
	Registry common.Address
	// PollEvery is how often the receipt is asked for while waiting (default 1s).
	PollEvery time.Duration
}

// NewRegistrar checks registry's address form and returns its registrar.
func NewRegistrar(b Backend, registry string) (*Registrar, error) {
	addr, err := identity.CheckAddress(registry)
	if err != nil {
		return nil, fmt.Errorf("erc8004: the registry address: %w", err)
	}
	return &Registrar{Backend: b, Registry: common.HexToAddress(addr)}, nil
}

// Register calls register(agentURI) from opts.From, waits until the transaction is
// mined (or ctx ends) and returns the agentId of the Registered event.
func (r *Registrar) Register(ctx context.Context, opts *bind.TransactOpts, agentURI string) (Receipt, error) {
	code, err := r.Backend.CodeAt(ctx, r.Registry, nil)
	if err != nil {
		return Receipt{}, fmt.Errorf("%w: %v", ErrUnreachable, err)
	}
	if len(code) == 0 {
		return Receipt{}, fmt.Errorf("%w %s on this chain: check the address and the chain", ErrNoContract, r.Registry.Hex())
	}
	c := bind.NewBoundContract(r.Registry, RegistryABI, r.Backend, r.Backend, r.Backend)
	o := *opts
	o.Context = ctx
	tx, err := c.Transact(&o, "register", agentURI)
	if err != nil {
		return Receipt{}, explainSend(err, opts.From)
	}
	rcpt, err := r.wait(ctx, tx.Hash())
	if err != nil {
		return Receipt{}, fmt.Errorf("erc8004: the registration %s was sent but kin could not see it mined: %w (check it on the chain before trying again)", tx.Hash().Hex(), err)
	}
	if rcpt.Status != types.ReceiptStatusSuccessful {
		return Receipt{}, fmt.Errorf("%w: transaction %s reverted in block %s", ErrReverted, tx.Hash().Hex(), rcpt.BlockNumber)
	}
	id, err := r.agentID(rcpt)
	if err != nil {
		return Receipt{}, err
	}
	return Receipt{AgentID: id, TxHash: tx.Hash().Hex(), Block: rcpt.BlockNumber.Uint64()}, nil
}

// explainSend turns the errors of estimating and sending into plain words.
func explainSend(err error, from common.Address) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "insufficient funds"):
		return fmt.Errorf("erc8004: the wallet %s has too little ETH to pay for the registration: %w", from.Hex(), err)
	case strings.Contains(msg, "revert"):
		return fmt.Errorf("%w: %v", ErrReverted, err)
	}
	return fmt.Errorf("erc8004: could not send the registration: %w", err)
}

func (r *Registrar) wait(ctx context.Context, h common.Hash) (*types.Receipt, error) {
	every := r.PollEvery
	if every <= 0 {
		every = time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		rcpt, err := r.Backend.TransactionReceipt(ctx, h)
		if err == nil {
			return rcpt, nil
		}
		if !errors.Is(err, ethereum.NotFound) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}

// agentID reads the Registered event the registry emitted.
func (r *Registrar) agentID(rcpt *types.Receipt) (*big.Int, error) {
	ev := RegistryABI.Events["Registered"]
	for _, l := range rcpt.Logs {
		if l.Address == r.Registry && len(l.Topics) >= 2 && l.Topics[0] == ev.ID {
			return new(big.Int).SetBytes(l.Topics[1].Bytes()), nil
		}
	}
	return nil, fmt.Errorf("erc8004: the transaction %s was mined but the contract at %s emitted no Registered event: it does not follow ERC-8004", rcpt.TxHash.Hex(), r.Registry.Hex())
}

// AgentURI reads the URI the registry holds for agentID (tokenURI).
func (r *Registrar) AgentURI(ctx context.Context, agentID *big.Int) (string, error) {
	c := bind.NewBoundContract(r.Registry, RegistryABI, r.Backend, r.Backend, r.Backend)
	var out []any
	if err := c.Call(&bind.CallOpts{Context: ctx}, &out, "tokenURI", agentID); err != nil {
		return "", fmt.Errorf("erc8004: tokenURI(%s): %w", agentID, err)
	}
	s, _ := out[0].(string)
	return s, nil
}
