package erc8004

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/kin-companion/kin/identity/ipfs"
	"github.com/kin-companion/kin/store/identity"
)

// FileType is the type of an ERC-8004 registration file.
const FileType = "https://eips.ethereum.org/EIPS/eip-8004#registration-v1"

// MCPVersion is the MCP protocol version announced with an MCP endpoint.
const MCPVersion = "2025-06-18"

// File is an ERC-8004 registration file, the JSON the agent URI resolves to.
type File struct {
	Type           string    `json:"type"`
	Name           string    `json:"name"`
	Description    string    `json:"description"`
	Image          string    `json:"image,omitempty"`
	Services       []Service `json:"services"`
	SupportedTrust []string  `json:"supportedTrust,omitempty"`
	Active         bool      `json:"active"`
}

// Service is one way to reach the agent: "web", "MCP", "agentWallet", or kin's
// "agent-manifest" and "avatar" (the bundle on IPFS).
type Service struct {
	Name     string `json:"name"`
	Endpoint string `json:"endpoint"`
	Version  string `json:"version,omitempty"`
}

// Bundle is what registering publishes.
type Bundle struct {
	Passport    identity.Passport
	ChainID     uint64 // the chain the agent's wallet is announced on
	MCPEndpoint string // kin's public MCP endpoint, when one is configured
	Model       []byte // the character (GLB or VRM), optional
	ModelName   string
	Manifest    []byte // the agent manifest (JSON), optional; body.uri is pointed at Model
	Image       []byte // a picture of the agent, optional
	ImageName   string
}

// Published says where the bundle went; a zero CID is a part that was not given.
type Published struct {
	AgentURI                             string // ipfs://CID of the registration file
	File                                 File
	Registration, Model, Manifest, Image ipfs.CID
}

// Publish stores the model, the image and the manifest, then the registration file that
// names them, and returns the agent URI to register.
func Publish(ctx context.Context, store ipfs.Store, b Bundle) (Published, error) {
	var out Published
	put := func(name string, data []byte, dst *ipfs.CID) error {
		if len(data) == 0 {
			return nil
		}
		c, err := store.Put(ctx, name, data)
		if err != nil {
			return fmt.Errorf("erc8004: storing %s on IPFS: %w", name, err)
		}
		*dst = c
		return nil
	}
	if err := put(nameOr(b.ModelName, "character.glb"), b.Model, &out.Model); err != nil {
		return out, err
	}
	if err := put(nameOr(b.ImageName, "image.png"), b.Image, &out.Image); err != nil {
		return out, err
	}
	manifest, err := pointBody(b.Manifest, out.Model)
	if err != nil {
		return out, err
	}
	if err := put("manifest.json", manifest, &out.Manifest); err != nil {
		return out, err
	}
	out.File = NewFile(b, out)
	data, err := json.MarshalIndent(out.File, "", "  ")
	if err != nil {
		return out, err
	}
	if err := put("registration.json", data, &out.Registration); err != nil {
		return out, err
	}
	out.AgentURI = "ipfs://" + out.Registration.String()
	return out, nil
}

// NewFile builds the registration file of b whose parts were stored as p says.
func NewFile(b Bundle, p Published) File {
	pp := b.Passport
	f := File{Type: FileType, Name: pp.Name, Description: pp.Description, Services: []Service{}, Active: true}
	if p.Image.Digest != nil {
		f.Image = "ipfs://" + p.Image.String()
	}
	if pp.HomeURL != "" {
		f.Services = append(f.Services, Service{Name: "web", Endpoint: pp.HomeURL})
	}
	if b.MCPEndpoint != "" {
		f.Services = append(f.Services, Service{Name: "MCP", Endpoint: b.MCPEndpoint, Version: MCPVersion})
	}
	if p.Manifest.Digest != nil {
		f.Services = append(f.Services, Service{Name: "agent-manifest", Endpoint: "ipfs://" + p.Manifest.String(), Version: "0.2"})
	}
	if p.Model.Digest != nil {
		f.Services = append(f.Services, Service{Name: "avatar", Endpoint: "ipfs://" + p.Model.String()})
	}
	if pp.WalletAddress != "" {
		chain := b.ChainID
		if chain == 0 {
			chain = pp.ChainID
		}
		f.Services = append(f.Services, Service{Name: "agentWallet", Endpoint: fmt.Sprintf("eip155:%d:%s", chain, pp.WalletAddress)})
	}
	return f
}

// pointBody returns the manifest with body.uri set to the stored model's ipfs:// URI.
func pointBody(manifest []byte, model ipfs.CID) ([]byte, error) {
	if len(manifest) == 0 || model.Digest == nil {
		return manifest, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(manifest, &m); err != nil {
		return nil, fmt.Errorf("erc8004: the manifest is not a JSON object: %w", err)
	}
	body := map[string]json.RawMessage{}
	if raw, ok := m["body"]; ok {
		if err := json.Unmarshal(raw, &body); err != nil {
			return nil, fmt.Errorf("erc8004: the manifest's body is not an object: %w", err)
		}
	}
	body["uri"], _ = json.Marshal("ipfs://" + model.String())
	m["body"], _ = json.Marshal(body)
	return json.MarshalIndent(m, "", "  ")
}

func nameOr(name, def string) string {
	if name == "" {
		return def
	}
	return name
}
