package ipfs

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// UnixFS data types.
const (
	unixfsRaw       = 0
	unixfsDirectory = 1
	unixfsFile      = 2
	unixfsHAMT      = 5
)

// pbLink is a dag-pb link.
type pbLink struct {
	Hash  CID
	Name  string
	Tsize uint64
}

// pbNode is a dag-pb node.
type pbNode struct {
	Links []pbLink
	Data  []byte
}

// encode writes n in dag-pb's canonical form: the links (field 2) first, then the data
// (field 1). A link's name is written even when empty, as kubo and js-ipfs write it.
func (n *pbNode) encode() []byte {
	var out []byte
	for _, l := range n.Links {
		var lb []byte
		lb = appendBytes(lb, 1, l.Hash.Bytes())
		lb = appendBytes(lb, 2, []byte(l.Name))
		lb = appendVarint(lb, 3, l.Tsize)
		out = appendBytes(out, 2, lb)
	}
	if n.Data != nil {
		out = appendBytes(out, 1, n.Data)
	}
	return out
}

func appendVarint(b []byte, field int, v uint64) []byte {
	b = binary.AppendUvarint(b, uint64(field)<<3)
	return binary.AppendUvarint(b, v)
}

func appendBytes(b []byte, field int, v []byte) []byte {
	b = binary.AppendUvarint(b, uint64(field)<<3|2)
	b = binary.AppendUvarint(b, uint64(len(v)))
	return append(b, v...)
}

// unixfsData is the UnixFS Data message.
type unixfsData struct {
	Type       uint64
	Data       []byte
	FileSize   uint64
	BlockSizes []uint64
	hasSize    bool
}

func (u *unixfsData) encode() []byte {
	b := appendVarint(nil, 1, u.Type)
	if len(u.Data) > 0 {
		b = appendBytes(b, 2, u.Data)
	}
	b = appendVarint(b, 3, u.FileSize)
	for _, s := range u.BlockSizes {
		b = appendVarint(b, 4, s)
	}
	return b
}

var errProto = errors.New("ipfs: malformed dag-pb block")

// field is one protobuf field: its number and either a varint or bytes.
type field struct {
	num   int
	wire  int
	value uint64
	bytes []byte
}

// fields splits a protobuf message into its fields (varint and length-delimited only).
func fields(b []byte) ([]field, error) {
	var out []field
	for len(b) > 0 {
		tag, n := binary.Uvarint(b)
		if n <= 0 {
			return nil, errProto
		}
		b = b[n:]
		f := field{num: int(tag >> 3), wire: int(tag & 7)}
		v, m := binary.Uvarint(b)
		if m <= 0 {
			return nil, errProto
		}
		b = b[m:]
		switch f.wire {
		case 0:
			f.value = v
		case 2:
			if v > uint64(len(b)) {
				return nil, errProto
			}
			f.bytes, b = b[:v], b[v:]
		default:
			return nil, fmt.Errorf("%w: wire type %d", errProto, f.wire)
		}
		out = append(out, f)
	}
	return out, nil
}

func decodePBNode(block []byte) (*pbNode, error) {
	fs, err := fields(block)
	if err != nil {
		return nil, err
	}
	n := &pbNode{}
	for _, f := range fs {
		switch {
		case f.num == 1 && f.wire == 2:
			n.Data = f.bytes
		case f.num == 2 && f.wire == 2:
			l, err := decodeLink(f.bytes)
			if err != nil {
				return nil, err
			}
			n.Links = append(n.Links, l)
		default:
			return nil, fmt.Errorf("%w: unexpected field %d", errProto, f.num)
		}
	}
	return n, nil
}

func decodeLink(b []byte) (pbLink, error) {
	fs, err := fields(b)
	if err != nil {
		return pbLink{}, err
	}
	var l pbLink
	for _, f := range fs {
		switch {
		case f.num == 1 && f.wire == 2:
			if l.Hash, err = cidFromBytes(f.bytes); err != nil {
				return l, err
			}
		case f.num == 2 && f.wire == 2:
			l.Name = string(f.bytes)
		case f.num == 3 && f.wire == 0:
			l.Tsize = f.value
		}
	}
	if l.Hash.Digest == nil {
		return l, fmt.Errorf("%w: a link has no hash", errProto)
	}
	return l, nil
}

// cidFromBytes reads the binary form of a CID: a bare SHA2-256 multihash is CIDv0.
func cidFromBytes(b []byte) (CID, error) {
	if len(b) == 34 && b[0] == hashSHA256 && b[1] == 32 {
		return cidV0("link", b)
	}
	return cidV1("link", b)
}

func decodeUnixFS(b []byte) (unixfsData, error) {
	fs, err := fields(b)
	if err != nil {
		return unixfsData{}, err
	}
	var u unixfsData
	for _, f := range fs {
		switch f.num {
		case 1:
			u.Type = f.value
		case 2:
			u.Data = f.bytes
		case 3:
			u.FileSize, u.hasSize = f.value, true
		}
	}
	return u, nil
}
