package web_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools/web"
)

func TestGetLocation(t *testing.T) {
	_, err := run(t, toolNamed(t, web.Config{}, "get_location"), map[string]any{})
	if !errors.Is(err, web.ErrNoLocation) || !strings.Contains(err.Error(), "set KIN_LOCATION") {
		t.Errorf("unset: %v", err)
	}
	cfg := web.Config{Location: &web.Location{Name: "Lyon, France", Latitude: 45.764, Longitude: 4.8357, Timezone: "Europe/Paris"}}
	out := mustRun(t, toolNamed(t, cfg, "get_location"), map[string]any{})
	if !strings.HasPrefix(out, "Lyon, France: latitude 45.7640, longitude 4.8357, time zone Europe/Paris") {
		t.Errorf("set: %s", out)
	}
	if !strings.Contains(out, "local time") {
		t.Logf("no local time (no tzdata here?): %s", out)
	}
}

func TestParseLocation(t *testing.T) {
	tests := []struct {
		in   string
		want web.Location
		ok   bool
	}{
		{"Berlin, Germany; 52.52; 13.405; Europe/Berlin", web.Location{"Berlin, Germany", 52.52, 13.405, "Europe/Berlin"}, true},
		{"Berlin; 52.52; 13.405", web.Location{"Berlin", 52.52, 13.405, ""}, true},
		{"52.52; 13.405; Europe/Berlin", web.Location{"", 52.52, 13.405, "Europe/Berlin"}, true},
		{"-33.87,151.21", web.Location{"", -33.87, 151.21, ""}, true},
		{"Berlin, Germany", web.Location{}, false},
		{"Nowhere; 91; 0", web.Location{}, false},
		{"Nowhere; 0; 181", web.Location{}, false},
		{"1;2;3;4;5", web.Location{}, false},
	}
	for _, tt := range tests {
		got, err := web.ParseLocation(tt.in)
		if (err == nil) != tt.ok || tt.ok && got != tt.want {
			t.Errorf("ParseLocation(%q) = %+v, %v", tt.in, got, err)
		}
	}
}

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{
		"KIN_SEARXNG_URL": "http://localhost:8888", "BRAVE_SEARCH_API_KEY": "k",
		"KIN_LOCATION": "Oslo; 59.91; 10.75; Europe/Oslo", "KIN_UNITS": "imperial",
	}
	cfg, err := web.ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil || cfg.SearxURL != "http://localhost:8888" || cfg.BraveKey != "k" || cfg.Units != "imperial" ||
		cfg.Location == nil || cfg.Location.Name != "Oslo" {
		t.Errorf("ConfigFromEnv = %+v, %v", cfg, err)
	}
	for k, v := range map[string]string{"KIN_UNITS": "kelvin", "KIN_LOCATION": "somewhere"} {
		_, err := web.ConfigFromEnv(func(key string) string {
			if key == k {
				return v
			}
			return ""
		})
		if err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s=%s: %v", k, v, err)
		}
	}
}
