package erc8004

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/params"
)

// chain is a simulated chain with the test registry deployed and a funded key.
type chain struct {
	sim      *simulated.Backend
	key      *ecdsa.PrivateKey
	registry common.Address
}

// compiled is testdata/IdentityRegistry.json, made by compile.mjs.
type compiled struct {
	ABI      json.RawMessage `json:"abi"`
	Bytecode string          `json:"bytecode"`
}

func newChain(t *testing.T) *chain {
	t.Helper()
	key, _ := crypto.GenerateKey()
	alloc := types.GenesisAlloc{crypto.PubkeyToAddress(key.PublicKey): {Balance: big.NewInt(params.Ether)}}
	sim := simulated.NewBackend(alloc)
	t.Cleanup(func() { sim.Close() })
	c := &chain{sim: sim, key: key}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { // mine every few milliseconds, as a dev node would
		defer close(done)
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
				sim.Commit()
			}
		}
	}()
	t.Cleanup(func() { close(stop); <-done })
	c.registry = c.deploy(t)
	return c
}

func (c *chain) deploy(t *testing.T) common.Address {
	t.Helper()
	data, err := os.ReadFile("testdata/IdentityRegistry.json")
	if err != nil {
		t.Fatal(err)
	}
	var comp compiled
	if err := json.Unmarshal(data, &comp); err != nil {
		t.Fatal(err)
	}
	addr, tx, err := bind.DeployContract(c.opts(), common.FromHex(comp.Bytecode), c.sim.Client(), nil)
	if err != nil {
		t.Fatalf("deploy: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := bind.WaitDeployed(ctx, c.sim.Client(), tx.Hash()); err != nil {
		t.Fatalf("deploy: %v", err)
	}
	return addr
}

func (c *chain) opts() *bind.TransactOpts { return bind.NewKeyedTransactor(c.key, big.NewInt(1337)) }

func (c *chain) registrar(t *testing.T, addr common.Address) *Registrar {
	r, err := NewRegistrar(c.sim.Client(), addr.Hex())
	if err != nil {
		t.Fatal(err)
	}
	r.PollEvery = 5 * time.Millisecond
	return r
}

func TestRegister(t *testing.T) {
	c := newChain(t)
	r := c.registrar(t, c.registry)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for i, uri := range []string{"ipfs://bafkreiaaaa", "ipfs://bafkreibbbb"} {
		got, err := r.Register(ctx, c.opts(), uri)
		if err != nil {
			t.Fatalf("Register: %v", err)
		}
		if got.AgentID.Int64() != int64(i) || got.TxHash == "" || got.Block == 0 {
			t.Errorf("registration %d = %+v", i, got)
		}
		// A node can show a receipt a moment before its latest block
		// holds the state after it (the simulated one did, under load), so
		// the URI is read until it shows, for a while.
		back, err := r.AgentURI(ctx, got.AgentID)
		for wait := time.Now().Add(2 * time.Second); err != nil && time.Now().Before(wait); {
			time.Sleep(10 * time.Millisecond)
			back, err = r.AgentURI(ctx, got.AgentID)
		}
		if err != nil || back != uri {
			t.Errorf("tokenURI = %q, %v", back, err)
		}
	}
}

func TestRegisterBadInput(t *testing.T) {
	c := newChain(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	poor, _ := crypto.GenerateKey()
	cases := []struct {
		name string
		at   common.Address
		opts *bind.TransactOpts
		uri  string
		want error
		text string
	}{
		{"no contract", common.HexToAddress("0x00000000000000000000000000000000000000aa"), c.opts(), "ipfs://x", ErrNoContract, "no contract"},
		{"revert", c.registry, c.opts(), "ipfs://" + strings.Repeat("x", 3000), ErrReverted, "agent URI too long"},
		{"no funds", c.registry, bind.NewKeyedTransactor(poor, big.NewInt(1337)), "ipfs://x", nil, "too little ETH"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.registrar(t, tc.at).Register(ctx, tc.opts, tc.uri)
			if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) || !strings.Contains(err.Error(), tc.text) {
				t.Fatalf("err = %v, want %v containing %q", err, tc.want, tc.text)
			}
		})
	}
	if _, err := NewRegistrar(c.sim.Client(), "0x123"); err == nil {
		t.Error("a short registry address was accepted")
	}
}

// fakeRPC answers eth_chainId with chain, as a node of another chain would.
func fakeRPC(t *testing.T, chain string) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		body, _ := io.ReadAll(r.Body)
		json.Unmarshal(body, &req)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": chain})
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestDial(t *testing.T) {
	ctx := context.Background()
	url := fakeRPC(t, "0x2105")
	if _, id, err := Dial(ctx, url, 8453); err != nil || id != 8453 {
		t.Errorf("Dial right chain = %d, %v", id, err)
	}
	if _, _, err := Dial(ctx, url, 1); !errors.Is(err, ErrWrongChain) || !strings.Contains(err.Error(), "serves chain 8453") {
		t.Errorf("wrong chain: %v", err)
	}
	if _, _, err := Dial(ctx, "http://127.0.0.1:1", 1); !errors.Is(err, ErrUnreachable) {
		t.Errorf("RPC down: %v", err)
	}
}
