package ipfs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// ErrUnauthorized is wrapped when a pinning service refuses the token.
var ErrUnauthorized = errors.New("ipfs: the pinning service refused the access token")

// PinningService asks a service that speaks the IPFS Pinning Service API to pin files
// by CID (POST /pins). The service fetches the content from the IPFS network, so the
// file must be provided by a node: combine it with a [Node] through [Both], or make
// sure the content is already on IPFS. A pin request the service accepted (queued,
// pinning or pinned) counts as stored; one that failed is an error.
type PinningService struct {
	URL    string       // the API's base URL (…/pins is appended)
	Token  string       // the access token, sent as a Bearer token; never logged
	Client *http.Client // default http.DefaultClient
}

// pinStatus is the API's PinStatus object.
type pinStatus struct {
	RequestID string `json:"requestid"`
	Status    string `json:"status"`
	Pin       struct {
		CID string `json:"cid"`
	} `json:"pin"`
}

// Put asks the service to pin data's CID under name.
func (p *PinningService) Put(ctx context.Context, name string, data []byte) (CID, error) {
	c := FileCID(data)
	return c, p.Pin(ctx, name, c)
}

// Pin asks the service to pin c under name.
func (p *PinningService) Pin(ctx context.Context, name string, c CID) error {
	body, _ := json.Marshal(map[string]string{"cid": c.String(), "name": name})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(p.URL, "/")+"/pins", bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("ipfs: the pinning service address %q is not a URL: %w", p.URL, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+p.Token)
	resp, err := client(p.Client).Do(req)
	if err != nil {
		return fmt.Errorf("ipfs: cannot reach the pinning service at %s: %w", p.URL, err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		return fmt.Errorf("%w (%s): check the token you gave kin for %s", ErrUnauthorized, resp.Status, p.URL)
	case resp.StatusCode >= 500:
		return fmt.Errorf("ipfs: the pinning service at %s failed (%s); nothing was pinned, try again later", p.URL, statusText(resp))
	case resp.StatusCode != http.StatusAccepted && resp.StatusCode != http.StatusOK:
		return fmt.Errorf("ipfs: the pinning service at %s refused to pin %s: %s", p.URL, name, statusText(resp))
	}
	var st pinStatus
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		return fmt.Errorf("ipfs: the pinning service at %s answered something kin cannot read: %w", p.URL, err)
	}
	switch st.Status {
	case "queued", "pinning", "pinned":
		return nil
	case "failed":
		return fmt.Errorf("ipfs: the pinning service at %s could not pin %s (%s)", p.URL, name, c)
	}
	return fmt.Errorf("ipfs: the pinning service at %s gave the unknown status %q for %s", p.URL, st.Status, name)
}

// Both adds files to a node and then has a pinning service pin them, so the service
// can fetch them from the node; either may be nil.
type Both struct {
	Node    *Node
	Service *PinningService
}

// Put stores data in the node and pins it with the service.
func (b Both) Put(ctx context.Context, name string, data []byte) (CID, error) {
	c := FileCID(data)
	if b.Node != nil {
		var err error
		if c, err = b.Node.Put(ctx, name, data); err != nil {
			return c, err
		}
	}
	if b.Service != nil {
		return c, b.Service.Pin(ctx, name, c)
	}
	if b.Node == nil {
		return c, errors.New("ipfs: no IPFS node or pinning service is configured")
	}
	return c, nil
}
