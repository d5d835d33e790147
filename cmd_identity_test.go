package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/keystore"

	"github.com/kin-companion/kin/store/cli"
)

// A well-known development key (hardhat's first account); never use it for real.
const (
	devKey  = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	devAddr = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
	devPass = "tea at five, never coffee"
)

func init() { walletStrength = [2]int{keystore.LightScryptN, keystore.LightScryptP} }

// kinID runs `kin identity ARGS --data data` and returns the exit status and output.
func kinID(t *testing.T, data string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := cmdIdentity(append(args, "--data", data), &out, &errb)
	return code, out.String(), errb.String()
}

func kinDiary(t *testing.T, data string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli.Main("diary", cli.Diary, append(args, "--data", data), &out, &errb)
	return code, out.String(), errb.String()
}

func TestIdentityShowSet(t *testing.T) {
	data := t.TempDir()
	code, out, _ := kinID(t, data, "show", "--json")
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil {
		t.Fatalf("show --json: %d %v %q", code, err, out)
	}
	for _, k := range []string{"id", "name", "description", "avatarId", "homeUrl", "walletAddress", "chainId", "skills", "meta", "isRegistered"} {
		if _, ok := got[k]; !ok {
			t.Errorf("show --json lacks %q", k)
		}
	}
	for _, set := range [][2]string{{"name", "Aria"}, {"description", "a guide"}, {"homeUrl", "https://aria.example"}, {"skills", "wave, sign-action"}, {"meta", `{"theme":"dark"}`}} {
		if code, _, errs := kinID(t, data, "set", set[0], set[1]); code != 0 {
			t.Fatalf("set %s: %d %s", set[0], code, errs)
		}
	}
	_, out, _ = kinID(t, data, "show", "--json")
	json.Unmarshal([]byte(out), &got)
	if got["name"] != "Aria" || got["homeUrl"] != "https://aria.example" || len(got["skills"].([]any)) != 2 || got["meta"].(map[string]any)["theme"] != "dark" {
		t.Errorf("after set: %s", out)
	}
	for _, bad := range [][]string{{"set", "id", "x"}, {"set", "walletAddress", "0x1"}, {"set", "meta", "[1]"}, {"set", "name", " "}, {"set", "name"}, {"fly"}} {
		if code, _, errs := kinID(t, data, bad...); code == 0 || errs == "" {
			t.Errorf("%v: exit %d, no error", bad, code)
		}
	}
}

func TestIdentityWalletSignVerify(t *testing.T) {
	data := t.TempDir()
	t.Setenv("KIN_WALLET_PASSPHRASE", devPass)
	if code, out, errs := kinID(t, data, "wallet", "new", "--chain", "8453"); code != 0 || !strings.Contains(out, "on chain 8453") {
		t.Fatalf("wallet new: %d %q %q", code, out, errs)
	}
	if code, _, errs := kinID(t, data, "wallet", "new"); code == 0 || !strings.Contains(errs, "already has the wallet") {
		t.Errorf("second wallet new: %d %q", code, errs)
	}
	_, out, _ := kinID(t, data, "show", "--json")
	var p struct{ WalletAddress string }
	json.Unmarshal([]byte(out), &p)
	code, sig, errs := kinID(t, data, "sign", "approve: pay invoice 42")
	sig = strings.TrimSpace(sig)
	if code != 0 || len(sig) != 132 {
		t.Fatalf("sign: %d %q %q", code, sig, errs)
	}
	if code, out, _ := kinID(t, data, "verify", "approve: pay invoice 42", sig, p.WalletAddress); code != 0 || !strings.Contains(out, "valid") {
		t.Errorf("verify: %d %q", code, out)
	}
	if code, _, errs := kinID(t, data, "verify", "approve: pay invoice 43", sig, p.WalletAddress); code != 1 || !strings.Contains(errs, "NOT VALID") {
		t.Errorf("verify another message: %d %q", code, errs)
	}
	if _, out, _ := kinDiary(t, data, "show", "--json"); !strings.Contains(out, `"type": "sign"`) || !strings.Contains(out, sig) {
		t.Errorf("the signature is not in the diary: %s", out)
	}
	t.Setenv("KIN_WALLET_PASSPHRASE", "wrong")
	if code, _, errs := kinID(t, data, "sign", "x"); code != 1 || !strings.Contains(errs, "wrong passphrase") {
		t.Errorf("wrong passphrase: %d %q", code, errs)
	}
	t.Setenv("KIN_WALLET_PASSPHRASE", "")
	if code, _, errs := kinID(t, data, "sign", "x"); code != 1 || !strings.Contains(errs, "KIN_WALLET_PASSPHRASE") {
		t.Errorf("no passphrase and no terminal: %d %q", code, errs)
	}
}

func TestIdentityLinkedWalletCannotSign(t *testing.T) {
	data := t.TempDir()
	if code, _, errs := kinID(t, data, "wallet", "link", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"); code != 2 || !strings.Contains(errs, "--chain") {
		t.Errorf("link without chain: %d %q", code, errs)
	}
	if code, _, _ := kinID(t, data, "wallet", "link", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "--chain", "1"); code != 1 {
		t.Errorf("bad checksum accepted")
	}
	if code, out, _ := kinID(t, data, "wallet", "link", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "--chain", "1"); code != 0 || !strings.Contains(out, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed") {
		t.Fatalf("link: %d %q", code, out)
	}
	t.Setenv("KIN_WALLET_PASSPHRASE", "x")
	if code, _, errs := kinID(t, data, "sign", "hello"); code != 1 || !strings.Contains(errs, "another wallet") {
		t.Errorf("sign with a linked wallet: %d %q", code, errs)
	}
	if code, _, errs := kinDiary(t, data, "sign"); code != 1 || !strings.Contains(errs, "another wallet") {
		t.Errorf("diary sign with a linked wallet: %d %q", code, errs)
	}
}

// importDevKey imports devKey through a pipe, as `echo KEY | kin identity wallet import`.
func importDevKey(t *testing.T, data string, chain string) {
	t.Helper()
	identityStdin = strings.NewReader(devKey + "\n")
	t.Cleanup(func() { identityStdin = os.Stdin })
	t.Setenv("KIN_WALLET_PASSPHRASE", devPass)
	if code, out, errs := kinID(t, data, "wallet", "import", "--chain", chain); code != 0 || !strings.Contains(out, devAddr) {
		t.Fatalf("wallet import: %d %q %q", code, out, errs)
	} else if strings.Contains(out+errs, devKey) || strings.Contains(out+errs, devPass) {
		t.Errorf("wallet import printed a secret: %q %q", out, errs)
	}
}

func TestDiarySignAndVerify(t *testing.T) {
	data := t.TempDir()
	importDevKey(t, data, "1")
	kinID(t, data, "sign", "first")
	if code, out, errs := kinDiary(t, data, "sign"); code != 0 || !strings.Contains(out, "signed entries 1 to 1") {
		t.Fatalf("diary sign: %d %q %q", code, out, errs)
	}
	kinID(t, data, "sign", "after the anchor")
	code, out, errs := kinDiary(t, data, "verify", "--address", devAddr)
	if code != 0 || !strings.Contains(out, "1 signatures valid; entries 1 to 1 are signed; entries 3 to 3 came after") {
		t.Fatalf("verify: %d %q %q", code, out, errs)
	}
	if code, _, errs := kinDiary(t, data, "verify", "--address", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"); code != 1 || !strings.Contains(errs, "not 0x5aAeb") {
		t.Errorf("verify another signer: %d %q", code, errs)
	}
	// a third party verifies the export with the address alone
	_, export, _ := kinDiary(t, data, "show", "--json")
	file := filepath.Join(t.TempDir(), "diary.json")
	os.WriteFile(file, []byte(export), 0o600)
	other := t.TempDir()
	if code, out, errs := kinDiary(t, other, "verify", "--file", file, "--address", devAddr); code != 0 || !strings.Contains(out, "export verified: 3 entries") {
		t.Errorf("verify export: %d %q %q", code, out, errs)
	}
	tampered := strings.Replace(export, `"first"`, `"frist"`, 1)
	os.WriteFile(file, []byte(tampered), 0o600)
	if code, _, errs := kinDiary(t, other, "verify", "--file", file, "--address", devAddr); code != 1 || !strings.Contains(errs, "FAILED") {
		t.Errorf("tampered export: %d %q", code, errs)
	}
}
