package ipfs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Gateway loads ipfs:// URIs from an HTTP gateway one block at a time (GET
// /ipfs/CID?format=raw, the trustless gateway response) and checks each block against
// its CID before using it, so what it returns is exactly what the CID names, whatever
// the gateway does.
type Gateway struct {
	URL      string       // e.g. http://127.0.0.1:8080 or https://ipfs.io
	Client   *http.Client // default http.DefaultClient
	MaxBytes int64        // the largest file loaded; default DefaultMaxBytes
}

// DefaultMaxBytes caps what [Gateway.Load] returns unless MaxBytes says otherwise.
const DefaultMaxBytes = 256 << 20

// maxBlock is the largest block accepted (IPFS moves blocks of up to 2 MiB).
const maxBlock = 2 << 20

// maxDepth bounds the DAG walk.
const maxDepth = 32

// IsIPFS reports whether uri is an ipfs:// URI.
func IsIPFS(uri string) bool { return strings.HasPrefix(uri, "ipfs://") }

// SplitURI splits ipfs://CID/a/b into the CID and the path elements.
func SplitURI(uri string) (CID, []string, error) {
	rest, ok := strings.CutPrefix(uri, "ipfs://")
	if !ok {
		return CID{}, nil, fmt.Errorf("ipfs: %q is not an ipfs:// URI", uri)
	}
	parts := strings.Split(rest, "/")
	c, err := ParseCID(parts[0])
	if err != nil {
		return CID{}, nil, err
	}
	var path []string
	for _, p := range parts[1:] {
		if p != "" {
			path = append(path, p)
		}
	}
	return c, path, nil
}

// Load returns the file uri names: ipfs://CID for a file, or ipfs://CID/dir/file for
// a file in a UnixFS folder. Every block is checked; content that does not match its
// CID is an error wrapping [ErrMismatch].
func (g *Gateway) Load(ctx context.Context, uri string) ([]byte, error) {
	c, path, err := SplitURI(uri)
	if err != nil {
		return nil, err
	}
	for _, name := range path {
		if c, err = g.child(ctx, c, name); err != nil {
			return nil, fmt.Errorf("ipfs: load %s: %w", uri, err)
		}
	}
	r := &reader{g: g, max: g.MaxBytes}
	if r.max <= 0 {
		r.max = DefaultMaxBytes
	}
	if err := r.file(ctx, c, 0); err != nil {
		return nil, fmt.Errorf("ipfs: load %s: %w", uri, err)
	}
	return r.out, nil
}

// child finds name in the UnixFS folder c.
func (g *Gateway) child(ctx context.Context, c CID, name string) (CID, error) {
	n, u, err := g.node(ctx, c)
	if err != nil {
		return CID{}, err
	}
	if u.Type == unixfsHAMT {
		return CID{}, fmt.Errorf("the folder %s is sharded (HAMT), which kin does not read", c)
	}
	if u.Type != unixfsDirectory {
		return CID{}, fmt.Errorf("%s is not a folder, so it has no %q", c, name)
	}
	for _, l := range n.Links {
		if l.Name == name {
			return l.Hash, nil
		}
	}
	return CID{}, fmt.Errorf("the folder %s has no %q", c, name)
}

// node fetches a dag-pb block and decodes it and its UnixFS data.
func (g *Gateway) node(ctx context.Context, c CID) (*pbNode, unixfsData, error) {
	if c.Codec != CodecDagPB {
		return nil, unixfsData{}, fmt.Errorf("%s is a plain file, not a folder", c)
	}
	block, err := g.Block(ctx, c)
	if err != nil {
		return nil, unixfsData{}, err
	}
	n, err := decodePBNode(block)
	if err != nil {
		return nil, unixfsData{}, fmt.Errorf("block %s: %w", c, err)
	}
	u, err := decodeUnixFS(n.Data)
	if err != nil {
		return nil, unixfsData{}, fmt.Errorf("block %s: %w", c, err)
	}
	return n, u, nil
}

type reader struct {
	g   *Gateway
	max int64
	out []byte
}

// file appends the UnixFS file c: a raw block, or a file node's data and children.
func (r *reader) file(ctx context.Context, c CID, depth int) error {
	if depth > maxDepth {
		return errors.New("the file's DAG is deeper than kin follows")
	}
	if c.Codec == CodecRaw {
		b, err := r.g.Block(ctx, c)
		if err != nil {
			return err
		}
		return r.add(b)
	}
	n, u, err := r.g.node(ctx, c)
	if err != nil {
		return err
	}
	if u.Type == unixfsDirectory || u.Type == unixfsHAMT {
		return fmt.Errorf("%s is a folder: name a file in it (ipfs://%s/NAME)", c, c)
	}
	if u.Type != unixfsFile && u.Type != unixfsRaw {
		return fmt.Errorf("%s is UnixFS type %d, not a file", c, u.Type)
	}
	if err := r.add(u.Data); err != nil {
		return err
	}
	for _, l := range n.Links {
		if err := r.file(ctx, l.Hash, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func (r *reader) add(b []byte) error {
	if int64(len(r.out)+len(b)) > r.max {
		return fmt.Errorf("the file is larger than %d bytes, the most kin loads", r.max)
	}
	r.out = append(r.out, b...)
	return nil
}

// Block fetches the raw block c and checks it against c.
func (g *Gateway) Block(ctx context.Context, c CID) ([]byte, error) {
	url := strings.TrimRight(g.URL, "/") + "/ipfs/" + c.String() + "?format=raw"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("the gateway address %q is not a URL: %w", g.URL, err)
	}
	req.Header.Set("Accept", "application/vnd.ipfs.raw")
	resp, err := client(g.Client).Do(req)
	if err != nil {
		return nil, fmt.Errorf("cannot reach the IPFS gateway %s: %w", g.URL, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("the IPFS gateway %s could not give block %s: %s", g.URL, c, statusText(resp))
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxBlock+1))
	if err != nil {
		return nil, fmt.Errorf("reading block %s from %s: %w", c, g.URL, err)
	}
	if len(b) > maxBlock {
		return nil, fmt.Errorf("the IPFS gateway %s sent more than %d bytes for one block", g.URL, maxBlock)
	}
	if err := c.Check(b); err != nil {
		return nil, fmt.Errorf("the IPFS gateway %s sent wrong content for %s (changed or corrupted; try another gateway): %w", g.URL, c, err)
	}
	return b, nil
}
