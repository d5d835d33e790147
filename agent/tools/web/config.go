package web

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

// Default service addresses; Config overrides them (tests point them at
// local fakes).
const (
	DefaultBraveURL     = "https://api.search.brave.com/res/v1/web/search"
	DefaultOpenMeteoURL = "https://api.open-meteo.com/v1/forecast"
	DefaultGeocodeURL   = "https://geocoding-api.open-meteo.com/v1/search"
)

// Config sets up the web tools. The zero value works: pages can be
// fetched and the weather looked up, but web_search and get_location
// explain how to set them up.
type Config struct {
	// Client is the HTTP client to build on (nil: a new one). Its Timeout
	// and Jar are kept; an *http.Transport is cloned and given kin's
	// guarded dialer, without its proxy (a proxy would hide the address
	// the guard checks). Any other RoundTripper is used as it is, so only
	// the URL and redirect checks guard it.
	Client *http.Client
	// AllowLoopback lets the fetchers reach 127.0.0.1 and ::1. For tests
	// only: the default refuses them like every other local address.
	AllowLoopback bool
	// SearxURL is the base URL of a SearXNG instance with the JSON format
	// enabled, e.g. "http://localhost:8888" (KIN_SEARXNG_URL).
	SearxURL string
	// BraveKey is a Brave Search API key (BRAVE_SEARCH_API_KEY). It is sent
	// only to BraveURL and never shown in results or errors.
	BraveKey string
	// BraveURL is the Brave web search endpoint ("": DefaultBraveURL).
	BraveURL string
	// OpenMeteoURL is the Open-Meteo forecast endpoint ("": DefaultOpenMeteoURL).
	OpenMeteoURL string
	// GeocodeURL is the Open-Meteo geocoding endpoint ("": DefaultGeocodeURL).
	GeocodeURL string
	// Location is where the user is (nil: unknown).
	Location *Location
	// Units is "metric" (the default) or "imperial".
	Units string
}

// Location is a place on Earth, named for people.
type Location struct {
	Name      string  // e.g. "Berlin, Germany"
	Latitude  float64 // degrees north
	Longitude float64 // degrees east
	Timezone  string  // IANA name, e.g. "Europe/Berlin" ("": unknown)
}

// Tools returns the web tool family: web_fetch, read_page, page_metadata,
// extract_links, http_fetch, web_search, get_location and get_weather.
func Tools(cfg Config) []*tools.Tool {
	cfg = cfg.withDefaults()
	f := newFetcher(cfg)
	s := newServices(cfg)
	return []*tools.Tool{
		webFetch(f), readPage(f), pageMetadata(f), extractLinks(f), httpFetch(f),
		webSearch(s), getLocation(cfg), getWeather(s),
	}
}

func (c Config) withDefaults() Config {
	if c.BraveURL == "" {
		c.BraveURL = DefaultBraveURL
	}
	if c.OpenMeteoURL == "" {
		c.OpenMeteoURL = DefaultOpenMeteoURL
	}
	if c.GeocodeURL == "" {
		c.GeocodeURL = DefaultGeocodeURL
	}
	c.SearxURL = strings.TrimRight(strings.TrimSpace(c.SearxURL), "/")
	c.BraveKey = strings.TrimSpace(c.BraveKey)
	if !strings.EqualFold(c.Units, "imperial") {
		c.Units = "metric"
	} else {
		c.Units = "imperial"
	}
	return c
}

// serviceHosts lists the host:ports of the services the user chose
// instead of the public defaults; the guard lets them through whatever
// their address (a SearXNG instance on the local network, say).
func (c Config) serviceHosts() map[string]bool {
	allow := map[string]bool{}
	for _, raw := range []string{c.SearxURL, c.BraveURL, c.OpenMeteoURL, c.GeocodeURL} {
		if raw == DefaultBraveURL || raw == DefaultOpenMeteoURL || raw == DefaultGeocodeURL {
			continue
		}
		if u, err := url.Parse(raw); err == nil && u.Host != "" {
			allow[strings.ToLower(hostPort(u))] = true
		}
	}
	return allow
}
