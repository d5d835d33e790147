package companion

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kin-companion/kin/identity/ipfs"
	"github.com/kin-companion/kin/internal/settings"
)

// TestIPFSGateway: KIN_IPFS_GATEWAY wins over the settings; what the
// gateway returns is checked against the CID, so a tampered answer is
// refused.
func TestIPFSGateway(t *testing.T) {
	body := []byte(strings.Repeat("a character file, small enough for one block\n", 20))
	cid := ipfs.FileCID(body)
	tamper := false
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/ipfs/"+cid.String() {
			http.NotFound(w, r)
			return
		}
		if tamper {
			w.Write(append([]byte("x"), body...))
			return
		}
		w.Write(body)
	}))
	defer srv.Close()
	getenv := func(k string) string { return map[string]string{"KIN_IPFS_GATEWAY": srv.URL}[k] }
	g := IPFSGateway(getenv, settings.Settings{IPFSGateway: "http://127.0.0.1:1"})
	got, err := g.Load(context.Background(), "ipfs://"+cid.String())
	if err != nil || len(got) != len(body) {
		t.Fatalf("%d bytes, %v", len(got), err)
	}
	tamper = true
	if _, err := g.Load(context.Background(), "ipfs://"+cid.String()); err == nil || !strings.Contains(strings.ToLower(err.Error()), "cid") {
		t.Errorf("tampered content: %v", err)
	}
	if g := IPFSGateway(func(string) string { return "" }, settings.Settings{}); g.URL != settings.DefaultIPFSGateway {
		t.Errorf("default gateway %q", g.URL)
	}
}
