package skill

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// fetcher turns bundle URIs into local folders, unpacking archives into
// temporary folders it remembers for [Set.Close].
type fetcher struct {
	client *http.Client
	ipfs   func(ctx context.Context, uri string) ([]byte, error) // nil: ipfs:// is refused
	lim    Limits
	tmp    []string
}

// local returns the folder holding the bundle uri names; a relative path
// is taken from base.
func (f *fetcher) local(ctx context.Context, uri, base string) (string, error) {
	u, err := url.Parse(uri)
	scheme := ""
	if err == nil && len(u.Scheme) > 1 { // "C:" is a drive, not a scheme
		scheme = strings.ToLower(u.Scheme)
	}
	switch scheme {
	case "":
		p := filepath.FromSlash(uri)
		if !filepath.IsAbs(p) {
			p = filepath.Join(base, p)
		}
		return f.path(p)
	case "file":
		return f.path(filepath.FromSlash(u.Path))
	case "https":
		return f.download(ctx, uri)
	case "http":
		return "", fmt.Errorf("kin fetches skills only over https, not %s", uri)
	case "ipfs":
		return f.fromIPFS(ctx, uri)
	}
	return "", fmt.Errorf("kin cannot fetch %s:// skills; download the bundle and give its folder or archive", scheme)
}

// path returns a bundle folder, the folder of a SKILL.md, or an archive
// file unpacked.
func (f *fetcher) path(p string) (string, error) {
	st, err := os.Stat(p)
	if err != nil {
		return "", fmt.Errorf("there is no skill at %s", p)
	}
	switch {
	case st.IsDir():
		return p, nil
	case filepath.Base(p) == SkillFile:
		return filepath.Dir(p), nil
	case st.Size() > f.lim.withDefaults().Archive:
		return "", fmt.Errorf("%w: %s is %s, more than the %s allowed", ErrTooLarge, p, size(st.Size()), size(f.lim.withDefaults().Archive))
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return "", fmt.Errorf("cannot read the skill archive: %w", err)
	}
	return f.unpack(data, filepath.Base(p))
}

// download fetches an archive over https through the injected client.
func (f *fetcher) download(ctx context.Context, uri string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, uri, nil)
	if err != nil {
		return "", fmt.Errorf("cannot fetch %s: %w", uri, err)
	}
	client := f.client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("cannot fetch %s: %w", uri, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("cannot fetch %s: the server answered %s", uri, resp.Status)
	}
	limit := f.lim.withDefaults().Archive
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return "", fmt.Errorf("cannot fetch %s: %w", uri, err)
	}
	if int64(len(data)) > limit {
		return "", fmt.Errorf("%w: %s is more than the %s allowed", ErrTooLarge, uri, size(limit))
	}
	return f.unpack(data, urlName(uri))
}

// fromIPFS loads an archive named by its CID (checked by the loader) and
// unpacks it; the archive kind is told by its first bytes.
func (f *fetcher) fromIPFS(ctx context.Context, uri string) (string, error) {
	if f.ipfs == nil {
		return "", fmt.Errorf("kin cannot fetch %s: no IPFS gateway is set up (KIN_IPFS_GATEWAY)", uri)
	}
	data, err := f.ipfs(ctx, uri)
	if err != nil {
		return "", fmt.Errorf("cannot fetch %s: %w", uri, err)
	}
	if limit := f.lim.withDefaults().Archive; int64(len(data)) > limit {
		return "", fmt.Errorf("%w: %s is more than the %s allowed", ErrTooLarge, uri, size(limit))
	}
	name := "skill.tar.gz"
	if strings.HasPrefix(string(data), "PK") {
		name = "skill.zip"
	}
	return f.unpack(data, name)
}

// unpack writes an archive into a new temporary folder and returns the
// folder holding its SKILL.md.
func (f *fetcher) unpack(data []byte, name string) (string, error) {
	dir, err := os.MkdirTemp("", "kin-skill-")
	if err != nil {
		return "", fmt.Errorf("cannot unpack the skill: %w", err)
	}
	f.tmp = append(f.tmp, dir)
	if err := unpack(data, name, dir, f.lim); err != nil {
		return "", fmt.Errorf("cannot unpack %s: %w", name, err)
	}
	return bundleRoot(dir)
}

// cleanup removes the temporary folders.
func (f *fetcher) cleanup() error {
	var first error
	for _, d := range f.tmp {
		if err := os.RemoveAll(d); err != nil && first == nil {
			first = err
		}
	}
	f.tmp = nil
	return first
}

func urlName(uri string) string {
	u, err := url.Parse(uri)
	if err != nil {
		return uri
	}
	return u.Path
}
