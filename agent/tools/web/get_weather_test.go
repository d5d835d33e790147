package web_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/kin-companion/kin/agent/tools/web"
)

// openMeteo fakes the forecast and geocoding APIs and records the
// forecast queries it was sent.
type openMeteo struct {
	mu      sync.Mutex
	queries []url.Values
}

func (o *openMeteo) forecast(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	o.mu.Lock()
	o.queries = append(o.queries, q)
	o.mu.Unlock()
	if q.Get("latitude") == "" || q.Get("longitude") == "" {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"error":true,"reason":"Parameter 'latitude' and 'longitude' must have the same number of elements"}`))
		return
	}
	if q.Get("latitude") == "89.9000" {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"error":true,"reason":"No data is available for this location"}`))
		return
	}
	temp, wind := "°C", "km/h"
	if q.Get("temperature_unit") == "fahrenheit" {
		temp, wind = "°F", "mp/h"
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"latitude":%s,"longitude":%s,"generationtime_ms":0.1,"utc_offset_seconds":3600,
"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+1","elevation":38,
"current_units":{"time":"iso8601","interval":"seconds","temperature_2m":%q,"apparent_temperature":%q,"relative_humidity_2m":"%%","weather_code":"wmo code","wind_speed_10m":%q,"wind_direction_10m":"°"},
"current":{"time":"2025-01-15T14:15","interval":900,"temperature_2m":3.4,"apparent_temperature":-0.6,"relative_humidity_2m":81,"weather_code":3,"wind_speed_10m":14.2,"wind_direction_10m":250},
"daily_units":{"time":"iso8601","weather_code":"wmo code","temperature_2m_max":%q,"temperature_2m_min":%q,"precipitation_probability_max":"%%","sunrise":"iso8601","sunset":"iso8601"},
"daily":{"time":["2025-01-15"],"weather_code":[61],"temperature_2m_max":[4.8],"temperature_2m_min":[-1.2],"precipitation_probability_max":[70],"sunrise":["2025-01-15T08:10"],"sunset":["2025-01-15T16:22"]}}`,
		q.Get("latitude"), q.Get("longitude"), temp, temp, wind, temp, temp)
}

func geocoding(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	switch r.URL.Query().Get("name") {
	case "Berlin":
		_, _ = w.Write([]byte(`{"results":[{"id":2950159,"name":"Berlin","latitude":52.52437,"longitude":13.41053,"elevation":74,"feature_code":"PPLC","country_code":"DE","admin1":"Land Berlin","timezone":"Europe/Berlin","population":3426354,"country":"Germany"}],"generationtime_ms":0.5}`))
	case "Portland":
		_, _ = w.Write([]byte(`{"results":[
 {"name":"Portland","latitude":45.52345,"longitude":-122.67621,"country_code":"US","admin1":"Oregon","timezone":"America/Los_Angeles","country":"United States"},
 {"name":"Portland","latitude":43.66147,"longitude":-70.25533,"country_code":"US","admin1":"Maine","timezone":"America/New_York","country":"United States"}]}`))
	default:
		_, _ = w.Write([]byte(`{"generationtime_ms":0.3}`))
	}
}

func weatherConfig(t *testing.T) (web.Config, *openMeteo) {
	o := &openMeteo{}
	fc, _ := server(t, http.HandlerFunc(o.forecast))
	geo, _ := server(t, http.HandlerFunc(geocoding))
	return web.Config{OpenMeteoURL: fc.URL + "/v1/forecast", GeocodeURL: geo.URL + "/v1/search"}, o
}

func TestWeather(t *testing.T) {
	cfg, o := weatherConfig(t)
	out := mustRun(t, toolNamed(t, cfg, "get_weather"), map[string]string{"city": "Berlin"})
	want := "Weather in Berlin, Land Berlin, Germany (Europe/Berlin time 2025-01-15 14:15): overcast, 3.4 °C (feels like -0.6 °C), humidity 81%, wind 14 km/h from the west.\n" +
		"Today: light rain, high 4.8 °C, low -1.2 °C, 70% chance of precipitation.\n" +
		"Sunrise 08:10, sunset 16:22."
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	q := o.queries[0]
	if q.Get("latitude") != "52.5244" || q.Get("longitude") != "13.4105" || !strings.Contains(q.Get("current"), "weather_code") ||
		!strings.Contains(q.Get("daily"), "temperature_2m_max") || q.Get("temperature_unit") != "" {
		t.Errorf("forecast query: %v", q)
	}
}

func TestWeatherPlaces(t *testing.T) {
	cfg, o := weatherConfig(t)
	cfg.Units = "imperial"
	cfg.Location = &web.Location{Name: "Home", Latitude: 48.1, Longitude: 11.6, Timezone: "Europe/Berlin"}
	tl := toolNamed(t, cfg, "get_weather")
	tests := []struct {
		args, starts, lat string
	}{
		{`{}`, "Weather in Home", "48.1000"},
		{`{"latitude":-33.87,"longitude":151.21}`, "Weather in -33.870, 151.210", "-33.8700"},
		{`{"city":"Portland, Oregon"}`, "Weather in Portland, Oregon, United States", "45.5234"},
		{`{"city":"Portland, Maine"}`, "Weather in Portland, Maine, United States", "43.6615"},
		{`{"city":"Portland"}`, "Weather in Portland, Oregon", "45.5234"},
	}
	for i, tt := range tests {
		out := mustRun(t, tl, json.RawMessage(tt.args))
		if !strings.HasPrefix(out, tt.starts) || !strings.Contains(out, "°F") || !strings.Contains(out, "mp/h") {
			t.Errorf("%s: %s", tt.args, out)
		}
		q := o.queries[i]
		if q.Get("latitude") != tt.lat || q.Get("temperature_unit") != "fahrenheit" || q.Get("wind_speed_unit") != "mph" {
			t.Errorf("%s: query %v", tt.args, q)
		}
	}
}

func TestWeatherErrors(t *testing.T) {
	cfg, o := weatherConfig(t)
	tl := toolNamed(t, cfg, "get_weather")
	tests := []struct{ args, shows string }{
		{`{}`, "KIN_LOCATION"},
		{`{"city":"Atlantis"}`, `no place called "Atlantis"`},
		{`{"latitude":10}`, "both latitude and longitude"},
		{`{"latitude":95,"longitude":10}`, "between -90 and 90"},
		{`{"latitude":"north","longitude":10}`, "latitude"},
		{`{"city":7}`, "city"},
		{`{"latitude":89.9,"longitude":0}`, "No data is available for this location"},
	}
	for _, tt := range tests {
		_, err := run(t, tl, json.RawMessage(tt.args))
		if err == nil || !strings.Contains(err.Error(), tt.shows) {
			t.Errorf("%s: %v, want %q", tt.args, err, tt.shows)
		}
	}
	if _, err := run(t, tl, json.RawMessage(`{}`)); !errors.Is(err, web.ErrNoLocation) {
		t.Errorf("no location: %v is not ErrNoLocation", err)
	}
	if len(o.queries) != 1 {
		t.Errorf("%d forecasts asked for; only the 89.9 call should reach the service", len(o.queries))
	}
}
