package ipfs

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
)

// Store keeps a file on IPFS and returns its CID.
type Store interface {
	Put(ctx context.Context, name string, data []byte) (CID, error)
}

// Node adds files through an IPFS node's RPC API (kubo's /api/v0/add), pinned, with the
// options that make its CIDs the ones [FileCID] computes.
type Node struct {
	URL    string       // the RPC address, e.g. http://127.0.0.1:5001
	Client *http.Client // default http.DefaultClient
}

// addQuery fixes every option that changes a file's CID.
const addQuery = "/api/v0/add?cid-version=1&raw-leaves=true&chunker=size-262144&hash=sha2-256&pin=true&progress=false"

// Put adds data as a file called name and checks that the node's CID is [FileCID]'s.
func (n *Node) Put(ctx context.Context, name string, data []byte) (CID, error) {
	want := FileCID(data)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	part, err := mw.CreateFormFile("file", name)
	if err != nil {
		return CID{}, err
	}
	part.Write(data)
	mw.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(n.URL, "/")+addQuery, &body)
	if err != nil {
		return CID{}, fmt.Errorf("ipfs: the node address %q is not a URL: %w", n.URL, err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := client(n.Client).Do(req)
	if err != nil {
		return CID{}, fmt.Errorf("ipfs: cannot reach the IPFS node at %s (is it running?): %w", n.URL, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return CID{}, fmt.Errorf("ipfs: the IPFS node at %s refused to add %s: %s", n.URL, name, statusText(resp))
	}
	got, err := lastAdded(resp.Body)
	if err != nil {
		return CID{}, fmt.Errorf("ipfs: the IPFS node at %s answered something kin cannot read: %w", n.URL, err)
	}
	if !got.Equal(want) {
		return CID{}, fmt.Errorf("%w: the node stored %s as %s, kin computed %s", ErrMismatch, name, got, want)
	}
	return got, nil
}

// lastAdded reads /api/v0/add's newline-delimited JSON and returns the last Hash.
func lastAdded(r io.Reader) (CID, error) {
	var last string
	sc := bufio.NewScanner(io.LimitReader(r, 1<<20))
	for sc.Scan() {
		var line struct{ Hash string }
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			return CID{}, err
		}
		if line.Hash != "" {
			last = line.Hash
		}
	}
	if last == "" {
		return CID{}, fmt.Errorf("no Hash in the answer")
	}
	return ParseCID(last)
}

func client(c *http.Client) *http.Client {
	if c == nil {
		return http.DefaultClient
	}
	return c
}

// statusText is the HTTP status and the start of the body, for error messages.
func statusText(resp *http.Response) string {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
	msg := strings.TrimSpace(string(b))
	if msg == "" {
		return resp.Status
	}
	return resp.Status + ": " + msg
}
