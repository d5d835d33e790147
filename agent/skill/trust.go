package skill

import (
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
)

// Trust decides which bundles named by a manifest may load. Bundles the
// user installed with `kin skill add` are trusted: the user put them there.
type Trust string

// Trust modes (seed 000, "Skills").
const (
	TrustAny       Trust = "any"        // every bundle loads
	TrustOwnedOnly Trust = "owned-only" // a bundle's author must be Config.Owner
	TrustWhitelist Trust = "whitelist"  // only bundles whose URI is in Config.Whitelist
)

// ParseTrust reads a trust mode; "" is [TrustAny].
func ParseTrust(s string) (Trust, error) {
	switch t := Trust(strings.TrimSpace(s)); t {
	case "":
		return TrustAny, nil
	case TrustAny, TrustOwnedOnly, TrustWhitelist:
		return t, nil
	}
	return "", fmt.Errorf("skill trust mode %q is not one of any, owned-only, whitelist", s)
}

// trustPolicy checks bundles against the configured mode.
type trustPolicy struct {
	mode    Trust
	owner   string
	allowed []string // normalised URIs
}

func newTrust(cfg Config, base string) trustPolicy {
	p := trustPolicy{mode: cfg.Trust, owner: strings.TrimSpace(cfg.Owner)}
	for _, u := range cfg.Whitelist {
		p.allowed = append(p.allowed, normURI(u, base))
	}
	return p
}

// check says why b may not load, or nil.
func (p trustPolicy) check(b *Bundle) error {
	if b.trusted {
		return nil
	}
	switch p.mode {
	case TrustOwnedOnly:
		switch {
		case p.owner == "":
			return fmt.Errorf("skill %s is not trusted: the trust mode is owned-only but kin knows no owner to compare its author with", b.Name)
		case b.Author == "":
			return fmt.Errorf("skill %s is not trusted: it names no author, and only skills by %s may load (trust mode owned-only)", b.Name, p.owner)
		case !strings.EqualFold(b.Author, p.owner):
			return fmt.Errorf("skill %s is not trusted: its author is %s, and only skills by %s may load (trust mode owned-only)", b.Name, b.Author, p.owner)
		}
	case TrustWhitelist:
		if !slices.Contains(p.allowed, b.origin) {
			return fmt.Errorf("skill %s is not trusted: %s is not on the whitelist of skill URIs (trust mode whitelist)", b.Name, b.URI)
		}
	}
	return nil
}

// normURI makes URIs comparable: a path or file:// URI becomes file:// and
// an absolute path (relative ones taken from base), a web URI loses a
// trailing slash and its scheme and host are lowercased.
func normURI(uri, base string) string {
	u, err := url.Parse(uri)
	if err == nil && len(u.Scheme) > 1 && !strings.EqualFold(u.Scheme, "file") {
		u.Scheme, u.Host = strings.ToLower(u.Scheme), strings.ToLower(u.Host)
		return strings.TrimRight(u.String(), "/")
	}
	p := filepath.FromSlash(uri)
	if err == nil && strings.EqualFold(u.Scheme, "file") {
		p = filepath.FromSlash(u.Path)
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(base, p)
	}
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	return "file://" + filepath.ToSlash(p)
}
