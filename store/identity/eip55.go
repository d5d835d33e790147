package identity

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/sha3"
)

// ErrBadAddress is wrapped by the errors [CheckAddress] returns.
var ErrBadAddress = errors.New("identity: bad wallet address")

// CheckAddress checks an Ethereum address: "0x" and 40 hex digits. An address in one
// case (all lower or all upper) carries no checksum and is accepted; a mixed-case one
// must match its EIP-55 checksum. It returns the checksummed form.
func CheckAddress(addr string) (string, error) {
	hexPart, ok := strings.CutPrefix(addr, "0x")
	if !ok {
		hexPart, ok = strings.CutPrefix(addr, "0X")
	}
	if !ok || len(hexPart) != 40 {
		return "", fmt.Errorf("%w %q: want 0x and 40 hex digits", ErrBadAddress, addr)
	}
	if _, err := hex.DecodeString(hexPart); err != nil {
		return "", fmt.Errorf("%w %q: not hex", ErrBadAddress, addr)
	}
	sum := ChecksumAddress(addr)
	mixed := strings.ToLower(hexPart) != hexPart && strings.ToUpper(hexPart) != hexPart
	if mixed && sum[2:] != hexPart {
		return "", fmt.Errorf("%w %q: EIP-55 checksum does not match (want %s)", ErrBadAddress, addr, sum)
	}
	return sum, nil
}

// ChecksumAddress returns the EIP-55 form of a "0x"-prefixed 40-digit hex address: each
// letter is upper case when the matching nibble of Keccak-256(lower-case hex) is 8 or
// more. It does not validate its input; see [CheckAddress].
func ChecksumAddress(addr string) string {
	lower := strings.ToLower(addr[2:])
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte(lower))
	digest := h.Sum(nil)
	out := []byte("0x" + lower)
	for i := range len(lower) {
		nibble := digest[i/2] >> 4
		if i%2 == 1 {
			nibble = digest[i/2] & 0x0f
		}
		if c := out[2+i]; c >= 'a' && c <= 'f' && nibble >= 8 {
			out[2+i] = c - 'a' + 'A'
		}
	}
	return string(out)
}
