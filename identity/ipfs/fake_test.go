package ipfs

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// fakeIPFS is a node, gateway and pinning service in one httptest server: /api/v0/add
// chunks files as kubo does (with FileDAG), /ipfs/CID?format=raw serves blocks, /pins
// takes pin requests. Its fields turn on failures.
type fakeIPFS struct {
	mu      sync.Mutex
	blocks  map[string][]byte
	pins    []string
	token   string
	status  int    // when non-zero, /pins answers with this HTTP status
	pinAs   string // the status of accepted pins (default "queued")
	tamper  bool   // serve blocks with a byte changed
	wrongID bool   // /api/v0/add answers another file's CID
	srv     *httptest.Server
}

func newFake(t *testing.T) *fakeIPFS {
	f := &fakeIPFS{blocks: map[string][]byte{}, token: "secret-token"}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/v0/add", f.add)
	mux.HandleFunc("GET /ipfs/{cid}", f.block)
	mux.HandleFunc("POST /pins", f.pin)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeIPFS) put(blocks []Block) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, b := range blocks {
		f.blocks[b.CID.String()] = b.Data
	}
}

func (f *fakeIPFS) add(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("cid-version") != "1" || q.Get("raw-leaves") != "true" || q.Get("chunker") != "size-262144" {
		http.Error(w, "unexpected add options "+r.URL.RawQuery, http.StatusBadRequest)
		return
	}
	file, hdr, err := r.FormFile("file")
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	data, _ := io.ReadAll(file)
	if f.wrongID {
		data = append(data, '!')
	}
	root, blocks := FileDAG(data, true)
	f.put(blocks)
	json.NewEncoder(w).Encode(map[string]string{"Name": hdr.Filename, "Hash": root.String(), "Size": fmt.Sprint(len(data))})
}

func (f *fakeIPFS) block(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Get("format") != "raw" || r.Header.Get("Accept") != "application/vnd.ipfs.raw" {
		http.Error(w, "only raw blocks here", http.StatusNotAcceptable)
		return
	}
	f.mu.Lock()
	b, ok := f.blocks[r.PathValue("cid")]
	f.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	if f.tamper {
		b = append([]byte{b[0] ^ 1}, b[1:]...)
	}
	w.Write(b)
}

func (f *fakeIPFS) pin(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Authorization") != "Bearer "+f.token {
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"error":{"reason":"UNAUTHORIZED","details":"bad token"}}`)
		return
	}
	if f.status != 0 {
		w.WriteHeader(f.status)
		io.WriteString(w, `{"error":{"reason":"INTERNAL_SERVER_ERROR"}}`)
		return
	}
	var req struct{ CID, Name string }
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.CID == "" {
		http.Error(w, `{"error":{"reason":"BAD_REQUEST"}}`, http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.pins = append(f.pins, req.CID)
	f.mu.Unlock()
	status := f.pinAs
	if status == "" {
		status = "queued"
	}
	w.WriteHeader(http.StatusAccepted)
	fmt.Fprintf(w, `{"requestid":"r1","status":%q,"created":"2026-03-01T12:00:00Z","pin":{"cid":%q,"name":%q},"delegates":[]}`, status, req.CID, req.Name)
}

// dirBlock makes a UnixFS folder node holding entries, as `ipfs add -r` would.
func dirBlock(entries map[string]CID) Block {
	n := pbNode{Data: (&unixfsData{Type: unixfsDirectory}).encode()}
	names := make([]string, 0, len(entries))
	for name := range entries {
		names = append(names, name)
	}
	for _, name := range sortStrings(names) {
		n.Links = append(n.Links, pbLink{Hash: entries[name], Name: name, Tsize: 1})
	}
	enc := n.encode()
	return Block{NewCID(CodecDagPB, enc), enc}
}

func sortStrings(s []string) []string {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if strings.Compare(s[j], s[i]) < 0 {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s
}
