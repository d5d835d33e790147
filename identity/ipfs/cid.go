package ipfs

import (
	"bytes"
	"crypto/sha256"
	"encoding/base32"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// Codecs and hash functions of the multicodec table that kin uses.
const (
	CodecRaw   = 0x55
	CodecDagPB = 0x70
	hashID     = 0x00
	hashSHA256 = 0x12
)

// ErrBadCID is wrapped by the errors of [ParseCID].
var ErrBadCID = errors.New("ipfs: not a CID kin can read")

// CID is a content identifier: version 0 or 1, the content's codec and its multihash.
type CID struct {
	Version  int
	Codec    uint64
	HashCode uint64
	Digest   []byte
}

// NewCID returns the CIDv1 of block, SHA2-256-hashed, with codec.
func NewCID(codec uint64, block []byte) CID {
	sum := sha256.Sum256(block)
	return CID{Version: 1, Codec: codec, HashCode: hashSHA256, Digest: sum[:]}
}

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// Bytes is the binary form of c (what dag-pb links hold).
func (c CID) Bytes() []byte {
	mh := binary.AppendUvarint(nil, c.HashCode)
	mh = binary.AppendUvarint(mh, uint64(len(c.Digest)))
	mh = append(mh, c.Digest...)
	if c.Version == 0 {
		return mh
	}
	b := binary.AppendUvarint(nil, 1)
	b = binary.AppendUvarint(b, c.Codec)
	return append(b, mh...)
}

// String is c in its usual text form: base58btc for CIDv0 (Qm…), base32 for CIDv1 (b…).
func (c CID) String() string {
	if c.Version == 0 {
		return base58Encode(c.Bytes())
	}
	return "b" + strings.ToLower(b32.EncodeToString(c.Bytes()))
}

// Equal reports whether a and b name the same content the same way.
func (c CID) Equal(o CID) bool {
	return c.Version == o.Version && c.Codec == o.Codec && c.HashCode == o.HashCode && bytes.Equal(c.Digest, o.Digest)
}

// Check reports whether block is the content c names.
func (c CID) Check(block []byte) error {
	switch c.HashCode {
	case hashSHA256:
		sum := sha256.Sum256(block)
		if !bytes.Equal(sum[:], c.Digest) {
			return fmt.Errorf("%w: the content's SHA2-256 is %x…, the CID %s says %x…", ErrMismatch, sum[:6], c, c.Digest[:6])
		}
	case hashID:
		if !bytes.Equal(block, c.Digest) {
			return fmt.Errorf("%w: the content differs from the bytes inside the CID %s", ErrMismatch, c)
		}
	default:
		return fmt.Errorf("ipfs: the CID %s uses hash function 0x%x, which kin cannot check; only SHA2-256 CIDs are loaded", c, c.HashCode)
	}
	return nil
}

// ErrMismatch is wrapped when content does not match its CID.
var ErrMismatch = errors.New("ipfs: content does not match its CID")

// ParseCID reads a CID in text form: CIDv0 (Qm…) or CIDv1 in base32 (b…) or
// base58btc (z…).
func ParseCID(s string) (CID, error) {
	var raw []byte
	var err error
	switch {
	case len(s) == 46 && strings.HasPrefix(s, "Qm"):
		raw, err = base58Decode(s)
		if err != nil {
			return CID{}, fmt.Errorf("%w %q: %v", ErrBadCID, s, err)
		}
		return cidV0(s, raw)
	case strings.HasPrefix(s, "b") || strings.HasPrefix(s, "B"):
		raw, err = b32.DecodeString(strings.ToUpper(s[1:]))
	case strings.HasPrefix(s, "z"):
		raw, err = base58Decode(s[1:])
	default:
		return CID{}, fmt.Errorf("%w %q: it should start with Qm, b or z", ErrBadCID, s)
	}
	if err != nil {
		return CID{}, fmt.Errorf("%w %q: %v", ErrBadCID, s, err)
	}
	return cidV1(s, raw)
}

func cidV0(s string, raw []byte) (CID, error) {
	c, rest, err := readMultihash(raw)
	if err != nil || len(rest) != 0 || c.HashCode != hashSHA256 {
		return CID{}, fmt.Errorf("%w %q: not a SHA2-256 CIDv0", ErrBadCID, s)
	}
	c.Version, c.Codec = 0, CodecDagPB
	return c, nil
}

func cidV1(s string, raw []byte) (CID, error) {
	version, n := binary.Uvarint(raw)
	if n <= 0 || version != 1 {
		return CID{}, fmt.Errorf("%w %q: version %d, want 1", ErrBadCID, s, version)
	}
	codec, m := binary.Uvarint(raw[n:])
	if m <= 0 {
		return CID{}, fmt.Errorf("%w %q: no codec", ErrBadCID, s)
	}
	c, rest, err := readMultihash(raw[n+m:])
	if err != nil || len(rest) != 0 {
		return CID{}, fmt.Errorf("%w %q: bad multihash", ErrBadCID, s)
	}
	c.Version, c.Codec = 1, codec
	return c, nil
}

func readMultihash(b []byte) (CID, []byte, error) {
	code, n := binary.Uvarint(b)
	if n <= 0 {
		return CID{}, nil, errors.New("no hash code")
	}
	size, m := binary.Uvarint(b[n:])
	if m <= 0 || uint64(len(b)-n-m) < size {
		return CID{}, nil, errors.New("short digest")
	}
	d := b[n+m : n+m+int(size)]
	return CID{HashCode: code, Digest: bytes.Clone(d)}, b[n+m+int(size):], nil
}

const b58alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

func base58Encode(b []byte) string {
	x := new(big.Int).SetBytes(b)
	base, mod := big.NewInt(58), new(big.Int)
	var out []byte
	for x.Sign() > 0 {
		x.DivMod(x, base, mod)
		out = append(out, b58alphabet[mod.Int64()])
	}
	for _, c := range b {
		if c != 0 {
			break
		}
		out = append(out, '1')
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return string(out)
}

func base58Decode(s string) ([]byte, error) {
	x := new(big.Int)
	for _, r := range s {
		i := strings.IndexRune(b58alphabet, r)
		if i < 0 {
			return nil, fmt.Errorf("%q is not a base58 digit", r)
		}
		x.Mul(x, big.NewInt(58)).Add(x, big.NewInt(int64(i)))
	}
	zeros := len(s) - len(strings.TrimLeft(s, "1"))
	return append(make([]byte, zeros), x.Bytes()...), nil
}
