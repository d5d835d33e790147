package ipfs

// ChunkSize is the size of a file's leaves (kubo's default chunker, size-262144).
const ChunkSize = 256 << 10

// MaxLinks is the most links a UnixFS file node holds in the balanced layout.
const MaxLinks = 174

// Block is one block of a DAG: its CID and bytes.
type Block struct {
	CID  CID
	Data []byte
}

// dagNode is a built node: its block, the file bytes it covers and its cumulative size.
type dagNode struct {
	block    Block
	fileSize uint64
	tsize    uint64
}

// FileCID returns the CID IPFS gives data added as a file (see the package doc).
func FileCID(data []byte) CID {
	root, _ := FileDAG(data, false)
	return root
}

// FileDAG builds the DAG of data as a file and returns its root CID and, when blocks is
// true, every block, the root first.
func FileDAG(data []byte, blocks bool) (CID, []Block) {
	var all []Block
	keep := func(b Block) {
		if blocks {
			all = append(all, b)
		}
	}
	var level []dagNode
	for off := 0; off == 0 || off < len(data); off += ChunkSize {
		chunk := data[off:min(off+ChunkSize, len(data))]
		b := Block{NewCID(CodecRaw, chunk), chunk}
		keep(b)
		level = append(level, dagNode{b, uint64(len(chunk)), uint64(len(chunk))})
	}
	for len(level) > 1 {
		var next []dagNode
		for i := 0; i < len(level); i += MaxLinks {
			n := join(level[i:min(i+MaxLinks, len(level))])
			keep(n.block)
			next = append(next, n)
		}
		level = next
	}
	root := level[0].block
	if blocks {
		// the root was kept last; move it to the front
		all = append([]Block{root}, all[:len(all)-1]...)
	}
	return root.CID, all
}

// join makes the UnixFS file node linking children in order.
func join(children []dagNode) dagNode {
	u := unixfsData{Type: unixfsFile}
	n := pbNode{}
	var tsize uint64
	for _, c := range children {
		u.FileSize += c.fileSize
		u.BlockSizes = append(u.BlockSizes, c.fileSize)
		n.Links = append(n.Links, pbLink{Hash: c.block.CID, Tsize: c.tsize})
		tsize += c.tsize
	}
	n.Data = u.encode()
	enc := n.encode()
	return dagNode{Block{NewCID(CodecDagPB, enc), enc}, u.FileSize, tsize + uint64(len(enc))}
}
