package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/params"

	"github.com/kin-companion/kin/identity/ipfs"
)

// devChain is go-ethereum's simulated chain (id 1337) served over HTTP on loopback,
// mining every few milliseconds, with devAddr funded and the test registry deployed.
func devChain(t *testing.T) (rpcURL, registry string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	alloc := types.GenesisAlloc{common.HexToAddress(devAddr): {Balance: big.NewInt(params.Ether)}}
	sim := simulated.NewBackend(alloc, func(nc *node.Config, _ *ethconfig.Config) {
		nc.HTTPHost, nc.HTTPPort, nc.HTTPModules = "127.0.0.1", port, []string{"eth", "net", "web3"}
	})
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
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
	t.Cleanup(func() { close(stop); <-done; sim.Close() })
	var comp struct{ Bytecode string }
	raw, err := os.ReadFile("identity/erc8004/testdata/IdentityRegistry.json")
	if err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(raw, &comp)
	key, _ := crypto.HexToECDSA(devKey)
	addr, tx, err := bind.DeployContract(bind.NewKeyedTransactor(key, big.NewInt(1337)), common.FromHex(comp.Bytecode), sim.Client(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := bind.WaitDeployed(ctx, sim.Client(), tx.Hash()); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("http://127.0.0.1:%d", port), addr.Hex()
}

// fakeIPFS is an IPFS node's /api/v0/add and a pinning service's /pins (token "tok");
// pinStatus makes /pins fail with that HTTP status.
func fakeIPFS(t *testing.T, pinStatus *int) string {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/v0/add", func(w http.ResponseWriter, r *http.Request) {
		f, hdr, err := r.FormFile("file")
		if err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		data, _ := io.ReadAll(f)
		json.NewEncoder(w).Encode(map[string]string{"Name": hdr.Filename, "Hash": ipfs.FileCID(data).String()})
	})
	mux.HandleFunc("POST /pins", func(w http.ResponseWriter, r *http.Request) {
		if *pinStatus != 0 {
			w.WriteHeader(*pinStatus)
			return
		}
		if r.Header.Get("Authorization") != "Bearer tok" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var req struct{ CID string }
		json.NewDecoder(r.Body).Decode(&req)
		w.WriteHeader(http.StatusAccepted)
		fmt.Fprintf(w, `{"requestid":"1","status":"pinned","pin":{"cid":%q}}`, req.CID)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestIdentityRegister(t *testing.T) {
	data := t.TempDir()
	rpc, registry := devChain(t)
	pinStatus := 0
	ipfsURL := fakeIPFS(t, &pinStatus)
	t.Setenv("KIN_IPFS_PIN_TOKEN", "tok")
	importDevKey(t, data, "1337")
	model := filepath.Join(t.TempDir(), "aria.glb")
	os.WriteFile(model, bytes.Repeat([]byte("glTF"), 100_000), 0o600)
	base := []string{"register", "--rpc", rpc, "--registry", registry, "--ipfs-node", ipfsURL, "--pin-service", ipfsURL, "--model", model, "--poll", "10ms", "--timeout", "30s"}
	failures := []struct {
		name string
		env  string
		args []string
		pin  int
		want string
	}{
		{"wrong passphrase", "nope", nil, 0, "wrong passphrase"},
		{"RPC down", devPass, []string{"--rpc", "http://127.0.0.1:1"}, 0, "cannot reach the Ethereum RPC"},
		{"wrong chain", devPass, []string{"--chain", "8453"}, 0, "serves chain 1337"},
		{"no contract", devPass, []string{"--registry", "0x00000000000000000000000000000000000000aa"}, 0, "no contract"},
		{"bad registry", devPass, []string{"--registry", "0x12"}, 0, "bad wallet address"},
		{"pinning 401", devPass, nil, 401, "refused the access token"},
		{"pinning 500", devPass, nil, 500, "failed (500"},
	}
	for _, tc := range failures {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("KIN_WALLET_PASSPHRASE", tc.env)
			pinStatus = tc.pin
			defer func() { pinStatus = 0 }()
			code, _, errs := kinID(t, data, append(base, tc.args...)...)
			if code != 1 || !strings.Contains(errs, tc.want) {
				t.Fatalf("exit %d, %q; want an error saying %q", code, errs, tc.want)
			}
			if _, out, _ := kinID(t, data, "show", "--json"); !strings.Contains(out, `"isRegistered": false`) {
				t.Errorf("the passport changed after a failed registration: %s", out)
			}
		})
	}
	t.Setenv("KIN_WALLET_PASSPHRASE", devPass)
	code, out, errs := kinID(t, data, base...)
	if code != 0 || !strings.Contains(out, "registered as agent://1337/0") {
		t.Fatalf("register: %d %q %q", code, out, errs)
	}
	_, out, _ = kinID(t, data, "show", "--json")
	var p struct {
		IsRegistered bool
		AgentAddress string
		Registration struct{ AgentURI, Registry string }
	}
	json.Unmarshal([]byte(out), &p)
	if !p.IsRegistered || p.AgentAddress != "agent://1337/0" || !strings.HasPrefix(p.Registration.AgentURI, "ipfs://bafkrei") || p.Registration.Registry != registry {
		t.Errorf("passport after registering: %s", out)
	}
	if code, _, errs := kinID(t, data, base...); code != 1 || !strings.Contains(errs, "already registered") {
		t.Errorf("second register: %d %q", code, errs)
	}
	kinDiary(t, data, "sign")
	noSecretsIn(t, data)
}

// noSecretsIn fails if the private key or the passphrase appears anywhere under dir
// (the store, its logs, the keystore), in hex or in the clear.
func noSecretsIn(t *testing.T, dir string) {
	t.Helper()
	n := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := os.ReadFile(path)
		n++
		lower := bytes.ToLower(b)
		key, _ := crypto.HexToECDSA(devKey)
		if bytes.Contains(lower, []byte(devKey)) || bytes.Contains(b, crypto.FromECDSA(key)) || bytes.Contains(b, []byte(devPass)) {
			t.Errorf("%s holds the private key or the passphrase", path)
		}
		return nil
	})
	if n < 3 {
		t.Errorf("only %d files under %s: the search looked at nothing", n, dir)
	}
}
