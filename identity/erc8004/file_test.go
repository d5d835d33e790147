package erc8004

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/kin-companion/kin/identity/ipfs"
	"github.com/kin-companion/kin/store/identity"
)

// memStore is an in-memory ipfs.Store; fail makes Put fail.
type memStore struct {
	files map[string][]byte
	fail  error
}

func (m *memStore) Put(_ context.Context, name string, data []byte) (ipfs.CID, error) {
	if m.fail != nil {
		return ipfs.CID{}, m.fail
	}
	c := ipfs.FileCID(data)
	m.files[c.String()] = data
	return c, nil
}

func TestPublish(t *testing.T) {
	p := identity.New("leo")
	p.Name, p.Description, p.HomeURL = "Coach Leo", "drills", "https://leo.example"
	if err := p.LinkWallet("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", 8453); err != nil {
		t.Fatal(err)
	}
	st := &memStore{files: map[string][]byte{}}
	b := Bundle{Passport: p, ChainID: 8453, MCPEndpoint: "https://leo.example/mcp", Model: []byte("glTF…"), ModelName: "leo.glb",
		Manifest: []byte(`{"spec":"agent-manifest/0.2","name":"Coach Leo","body":{"uri":"leo.glb","format":"gltf-binary"}}`)}
	out, err := Publish(context.Background(), st, b)
	if err != nil {
		t.Fatal(err)
	}
	var f File
	if err := json.Unmarshal(st.files[strings.TrimPrefix(out.AgentURI, "ipfs://")], &f); err != nil {
		t.Fatalf("registration file: %v", err)
	}
	services := map[string]string{}
	for _, s := range f.Services {
		services[s.Name] = s.Endpoint
	}
	want := map[string]string{
		"web": "https://leo.example", "MCP": "https://leo.example/mcp",
		"agentWallet":    "eip155:8453:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
		"avatar":         "ipfs://" + ipfs.FileCID(b.Model).String(),
		"agent-manifest": "ipfs://" + out.Manifest.String(),
	}
	for k, v := range want {
		if services[k] != v {
			t.Errorf("service %s = %q, want %q", k, services[k], v)
		}
	}
	if f.Type != FileType || f.Name != "Coach Leo" || !f.Active {
		t.Errorf("file = %+v", f)
	}
	var m struct {
		Body struct{ URI, Format string }
	}
	json.Unmarshal(st.files[out.Manifest.String()], &m)
	if m.Body.URI != want["avatar"] || m.Body.Format != "gltf-binary" {
		t.Errorf("stored manifest body = %+v", m.Body)
	}
	st.fail = errors.New("401 Unauthorized")
	if _, err := Publish(context.Background(), st, b); err == nil || !strings.Contains(err.Error(), "storing leo.glb on IPFS") {
		t.Errorf("store failing: %v", err)
	}
}
