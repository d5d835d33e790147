package identity

import (
	"errors"
	"strings"
	"testing"
)

// The test vectors of EIP-55.
var eip55 = []string{
	"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
	"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
	"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
	"0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
}

func TestChecksumAddressVectors(t *testing.T) {
	for _, want := range eip55 {
		if got := ChecksumAddress(strings.ToLower(want)); got != want {
			t.Errorf("ChecksumAddress = %s, want %s", got, want)
		}
		if got, err := CheckAddress(want); err != nil || got != want {
			t.Errorf("CheckAddress(%s) = %s, %v", want, got, err)
		}
		for _, oneCase := range []string{strings.ToLower(want), "0x" + strings.ToUpper(want[2:])} {
			if got, err := CheckAddress(oneCase); err != nil || got != want {
				t.Errorf("CheckAddress(%s) = %s, %v (no checksum to check)", oneCase, got, err)
			}
		}
	}
}

func TestCheckAddressRejects(t *testing.T) {
	flipped := []byte(eip55[0])
	flipped[3] ^= 0x20 // change the case of one letter
	for _, bad := range []string{
		string(flipped), "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0x123", "0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
		eip55[0] + "00", "",
	} {
		if _, err := CheckAddress(bad); !errors.Is(err, ErrBadAddress) {
			t.Errorf("CheckAddress(%q) = %v, want ErrBadAddress", bad, err)
		}
	}
}

func TestLinkWallet(t *testing.T) {
	p := New("aria")
	if err := p.LinkWallet(strings.ToLower(eip55[1]), 8453); err != nil {
		t.Fatal(err)
	}
	if p.WalletAddress != eip55[1] || p.ChainID != 8453 {
		t.Errorf("linked %s on %d", p.WalletAddress, p.ChainID)
	}
	if err := p.LinkWallet(eip55[1], 0); !errors.Is(err, ErrBadChain) {
		t.Errorf("chain 0: %v", err)
	}
	if err := p.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
	p.UnlinkWallet()
	if p.WalletAddress != "" || p.ChainID != 0 {
		t.Error("UnlinkWallet left a wallet")
	}
	p.Meta = []byte("{not json")
	if p.Validate() == nil {
		t.Error("bad meta accepted")
	}
}
