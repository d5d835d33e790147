package web

import (
	"fmt"
	"strconv"
	"strings"
)

// ConfigFromEnv reads the web tools' settings from the environment
// (getenv is os.Getenv, or a fake in tests): KIN_SEARXNG_URL,
// BRAVE_SEARCH_API_KEY, KIN_LOCATION (see [ParseLocation]) and KIN_UNITS
// ("metric" or "imperial").
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	cfg := Config{
		SearxURL: getenv("KIN_SEARXNG_URL"),
		BraveKey: getenv("BRAVE_SEARCH_API_KEY"),
		Units:    getenv("KIN_UNITS"),
	}
	if u := strings.ToLower(strings.TrimSpace(cfg.Units)); u != "" && u != "metric" && u != "imperial" {
		return cfg, fmt.Errorf("KIN_UNITS is %q; set it to metric or imperial", cfg.Units)
	}
	if s := strings.TrimSpace(getenv("KIN_LOCATION")); s != "" {
		l, err := ParseLocation(s)
		if err != nil {
			return cfg, fmt.Errorf("KIN_LOCATION: %w", err)
		}
		cfg.Location = &l
	}
	return cfg, nil
}

// ParseLocation reads a location written as "name; latitude; longitude;
// time zone" (e.g. "Berlin, Germany; 52.52; 13.405; Europe/Berlin"); the
// time zone may be left out, and so may the name ("52.52; 13.405" or
// "52.52,13.405").
func ParseLocation(s string) (Location, error) {
	parts := strings.Split(s, ";")
	if len(parts) == 1 {
		parts = strings.Split(s, ",")
	}
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	var l Location
	if len(parts) >= 3 {
		if _, err := strconv.ParseFloat(parts[0], 64); err != nil {
			l.Name, parts = parts[0], parts[1:]
		}
	}
	if len(parts) < 2 || len(parts) > 3 {
		return l, fmt.Errorf("%q is not a location; write it as \"name; latitude; longitude; time zone\", e.g. \"Berlin, Germany; 52.52; 13.405; Europe/Berlin\"", s)
	}
	lat, err1 := strconv.ParseFloat(parts[0], 64)
	lon, err2 := strconv.ParseFloat(parts[1], 64)
	if err1 != nil || err2 != nil || lat < -90 || lat > 90 || lon < -180 || lon > 180 {
		return l, fmt.Errorf("%q has no valid latitude (-90 to 90) and longitude (-180 to 180)", s)
	}
	l.Latitude, l.Longitude = lat, lon
	if len(parts) == 3 {
		l.Timezone = parts[2]
	}
	return l, nil
}
