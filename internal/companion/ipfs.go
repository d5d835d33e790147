package companion

import (
	"context"
	"os"

	"github.com/kin-companion/kin/identity/ipfs"
	"github.com/kin-companion/kin/internal/settings"
)

// IPFSGateway is the gateway for ipfs:// characters and skills:
// KIN_IPFS_GATEWAY, else the settings' ipfsGateway, else a public one.
// What it returns is checked block by block against the CID.
func IPFSGateway(getenv func(string) string, set settings.Settings) *ipfs.Gateway {
	if getenv == nil {
		getenv = os.Getenv
	}
	url := first(getenv("KIN_IPFS_GATEWAY"), set.IPFSGateway, settings.DefaultIPFSGateway)
	return &ipfs.Gateway{URL: url}
}

// LoadIPFS loads an ipfs:// file through the configured gateway.
func LoadIPFS(ctx context.Context, uri string) ([]byte, error) {
	set := settings.Settings{}
	if p, err := settings.DefaultPath(); err == nil {
		set, _ = settings.Load(p)
	}
	return IPFSGateway(nil, set).Load(ctx, uri)
}
