package identity

import (
	"crypto/ecdsa"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/uuid"

	"github.com/kin-companion/kin/store/identity"
)

// Errors a [Wallet] wraps; callers branch on them with errors.Is.
var (
	ErrNoKey           = errors.New("identity: the key of this address is not in kin's keystore")
	ErrWrongPassphrase = errors.New("identity: wrong passphrase")
	ErrCorruptKeystore = errors.New("identity: the key file is damaged")
	ErrKeyExists       = errors.New("identity: this key is already in kin's keystore")
)

// WalletConfig says where a [Wallet] keeps its key files and how hard their encryption
// is. ScryptN and ScryptP of zero mean go-ethereum's standard strength (N=2^18, p=1:
// about a second and 256 MiB to unlock); tests use keystore.LightScryptN/P.
type WalletConfig struct {
	Dir              string
	ScryptN, ScryptP int
}

// Wallet is a keystore folder: one key file per address in the Web3 Secret Storage
// format (version 3), named UTC--TIME--ADDRESS as geth names them, so the files can be
// imported by other wallets and theirs by kin.
type Wallet struct {
	dir              string
	scryptN, scryptP int
}

// KeystoreDir is the keystore folder of agent id under kin's data folder dataDir:
// dataDir/keystore/id, beside (not inside) the agent's database.
func KeystoreDir(dataDir, id string) string { return filepath.Join(dataDir, "keystore", id) }

// OpenWallet returns the wallet of cfg; the folder is created on the first key.
func OpenWallet(cfg WalletConfig) *Wallet {
	w := &Wallet{dir: cfg.Dir, scryptN: cfg.ScryptN, scryptP: cfg.ScryptP}
	if w.scryptN == 0 || w.scryptP == 0 {
		w.scryptN, w.scryptP = keystore.StandardScryptN, keystore.StandardScryptP
	}
	return w
}

// Dir is the keystore folder.
func (w *Wallet) Dir() string { return w.dir }

// Create makes a new secp256k1 key, stores it encrypted with passphrase and returns its
// EIP-55 address.
func (w *Wallet) Create(passphrase string) (string, error) {
	key, err := crypto.GenerateKey()
	if err != nil {
		return "", fmt.Errorf("identity: could not make a new key: %w", err)
	}
	return w.store(key, passphrase)
}

// ImportKey stores a raw private key given as 64 hex digits (with or without 0x),
// encrypted with passphrase, and returns its address.
func (w *Wallet) ImportKey(hexKey, passphrase string) (string, error) {
	raw, err := hex.DecodeString(strings.TrimPrefix(strings.TrimSpace(hexKey), "0x"))
	if err != nil || len(raw) != 32 {
		return "", errors.New("identity: a private key is 64 hex digits (32 bytes); check what was pasted")
	}
	key, err := crypto.ToECDSA(raw)
	clear(raw)
	if err != nil {
		return "", errors.New("identity: these 32 bytes are not a valid secp256k1 private key")
	}
	return w.store(key, passphrase)
}

// ImportKeyFile imports a key file in the Web3 Secret Storage format (from geth,
// MetaMask's export, another kin): it is decrypted with oldPassphrase and stored
// encrypted with passphrase. It returns the key's address.
func (w *Wallet) ImportKeyFile(data []byte, oldPassphrase, passphrase string) (string, error) {
	key, err := decrypt(data, oldPassphrase, "the imported key file")
	if err != nil {
		return "", err
	}
	return w.store(key.PrivateKey, passphrase)
}

func (w *Wallet) store(priv *ecdsa.PrivateKey, passphrase string) (string, error) {
	if passphrase == "" {
		return "", ErrNoPassphrase
	}
	addr := crypto.PubkeyToAddress(priv.PublicKey)
	if w.Has(addr.Hex()) {
		return "", fmt.Errorf("%w: %s", ErrKeyExists, addr.Hex())
	}
	id, err := uuid.NewRandom()
	if err != nil {
		return "", fmt.Errorf("identity: %w", err)
	}
	data, err := keystore.EncryptKey(&keystore.Key{Id: id, Address: addr, PrivateKey: priv}, passphrase, w.scryptN, w.scryptP)
	//lint:ignore SA1019 wiping the key go-ethereum handed us; it has no other way to clear it
	priv.D.SetInt64(0)
	if err != nil {
		return "", fmt.Errorf("identity: could not encrypt the key: %w", err)
	}
	name := fmt.Sprintf("UTC--%s--%x", time.Now().UTC().Format("2006-01-02T15-04-05.000000000Z"), addr[:])
	if err := writeFile(filepath.Join(w.dir, name), data); err != nil {
		return "", fmt.Errorf("identity: could not save the key in %s: %w", w.dir, err)
	}
	return addr.Hex(), nil
}

// writeFile writes data to path atomically, readable by the owner only.
func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".key-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Addresses lists the addresses whose keys are in the keystore.
func (w *Wallet) Addresses() ([]string, error) {
	files, err := w.files()
	var out []string
	for _, f := range files {
		out = append(out, f.address)
	}
	return out, err
}

// Has reports whether the key of address is in the keystore.
func (w *Wallet) Has(address string) bool {
	_, err := w.find(address)
	return err == nil
}

type keyFile struct{ path, address string }

// files lists the key files: the address is taken from the name geth gives them, or
// else from the file's "address" field.
func (w *Wallet) files() ([]keyFile, error) {
	entries, err := os.ReadDir(w.dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("identity: cannot read the keystore %s: %w", w.dir, err)
	}
	var out []keyFile
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		path := filepath.Join(w.dir, e.Name())
		if addr, ok := addressOf(path, e.Name()); ok {
			out = append(out, keyFile{path, addr})
		}
	}
	return out, nil
}

func addressOf(path, name string) (string, bool) {
	if i := strings.LastIndex(name, "--"); i >= 0 {
		if a, err := identity.CheckAddress("0x" + name[i+2:]); err == nil {
			return a, true
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", false
	}
	var f struct {
		Address string `json:"address"`
	}
	if json.Unmarshal(data, &f) != nil {
		return "", false
	}
	a, err := identity.CheckAddress("0x" + strings.TrimPrefix(f.Address, "0x"))
	return a, err == nil
}

func (w *Wallet) find(address string) (keyFile, error) {
	want, err := identity.CheckAddress(address)
	if err != nil {
		return keyFile{}, err
	}
	files, err := w.files()
	if err != nil {
		return keyFile{}, err
	}
	for _, f := range files {
		if f.address == want {
			return f, nil
		}
	}
	return keyFile{}, fmt.Errorf("%w: %s (it was linked with `kin identity wallet link`, so its key lives in another wallet; sign there, or import the key with `kin identity wallet import`)", ErrNoKey, want)
}

// unlock decrypts the key of address. The caller must zero it (key.D.SetInt64(0)).
func (w *Wallet) unlock(address, passphrase string) (*ecdsa.PrivateKey, error) {
	f, err := w.find(address)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(f.path)
	if err != nil {
		return nil, fmt.Errorf("identity: cannot read the key file %s: %w", f.path, err)
	}
	key, err := decrypt(data, passphrase, "the key file "+f.path)
	if err != nil {
		return nil, err
	}
	if key.Address.Hex() != f.address {
		return nil, fmt.Errorf("%w: %s holds the key of %s, not %s", ErrCorruptKeystore, f.path, key.Address.Hex(), f.address)
	}
	return key.PrivateKey, nil
}

func decrypt(data []byte, passphrase, what string) (*keystore.Key, error) {
	if passphrase == "" {
		return nil, ErrNoPassphrase
	}
	key, err := keystore.DecryptKey(data, passphrase)
	switch {
	case errors.Is(err, keystore.ErrDecrypt):
		return nil, fmt.Errorf("%w for %s: try again (the key stays locked)", ErrWrongPassphrase, what)
	case err != nil:
		return nil, fmt.Errorf("%w: %s cannot be read (%v); restore it from a backup", ErrCorruptKeystore, what, err)
	}
	return key, nil
}

// Sign unlocks the key of address with passphrase and returns its personal_sign
// signature of msg (see [SignMessage]).
func (w *Wallet) Sign(address, passphrase string, msg []byte) (string, error) {
	key, err := w.unlock(address, passphrase)
	if err != nil {
		return "", err
	}
	//lint:ignore SA1019 wiping the unlocked key; go-ethereum's keystore gives no other way
	defer key.D.SetInt64(0)
	return SignMessage(key, msg)
}

// Transactor unlocks the key of address and returns transaction options that sign with
// it for chainID; the key stays in memory only as long as the options do.
func (w *Wallet) Transactor(address, passphrase string, chainID *big.Int) (*bind.TransactOpts, error) {
	key, err := w.unlock(address, passphrase)
	if err != nil {
		return nil, err
	}
	return bind.NewKeyedTransactor(key, chainID), nil
}
