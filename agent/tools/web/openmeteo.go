package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// forecast is the part of Open-Meteo's answer kin reads.
type forecast struct {
	Timezone     string            `json:"timezone"`
	CurrentUnits map[string]string `json:"current_units"`
	Current      struct {
		Time        string  `json:"time"`
		Temperature float64 `json:"temperature_2m"`
		Apparent    float64 `json:"apparent_temperature"`
		Humidity    float64 `json:"relative_humidity_2m"`
		Code        int     `json:"weather_code"`
		WindSpeed   float64 `json:"wind_speed_10m"`
		WindDir     float64 `json:"wind_direction_10m"`
	} `json:"current"`
	Daily struct {
		Code          []int     `json:"weather_code"`
		Max           []float64 `json:"temperature_2m_max"`
		Min           []float64 `json:"temperature_2m_min"`
		Precipitation []float64 `json:"precipitation_probability_max"`
		Sunrise       []string  `json:"sunrise"`
		Sunset        []string  `json:"sunset"`
	} `json:"daily"`
}

// forecast asks Open-Meteo for l's current weather and today's range.
func (s *services) forecast(ctx context.Context, l Location) (*forecast, error) {
	q := url.Values{
		"latitude":      {strconv.FormatFloat(l.Latitude, 'f', 4, 64)},
		"longitude":     {strconv.FormatFloat(l.Longitude, 'f', 4, 64)},
		"current":       {"temperature_2m,apparent_temperature,relative_humidity_2m,weather_code,wind_speed_10m,wind_direction_10m"},
		"daily":         {"weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,sunrise,sunset"},
		"timezone":      {"auto"},
		"forecast_days": {"1"},
	}
	if s.cfg.Units == "imperial" {
		q.Set("temperature_unit", "fahrenheit")
		q.Set("wind_speed_unit", "mph")
		q.Set("precipitation_unit", "inch")
	}
	u, err := endpoint(s.cfg.OpenMeteoURL, q)
	if err != nil {
		return nil, err
	}
	var fc forecast
	if err := s.getJSON(ctx, u, nil, &fc); err != nil {
		return nil, fmt.Errorf("the weather service could not be asked: %w", openMeteoReason(err))
	}
	if fc.Current.Time == "" {
		return nil, errors.New("the weather service sent no current weather; try again later")
	}
	return &fc, nil
}

// geocode finds a place by name. "Portland, Oregon" searches for Portland
// and prefers the match whose region or country names Oregon.
func (s *services) geocode(ctx context.Context, city string) (Location, error) {
	name, hint, _ := strings.Cut(city, ",")
	name, hint = strings.TrimSpace(name), strings.ToLower(strings.TrimSpace(hint))
	u, err := endpoint(s.cfg.GeocodeURL, url.Values{"name": {name}, "count": {"10"}, "language": {"en"}, "format": {"json"}})
	if err != nil {
		return Location{}, err
	}
	var ans struct {
		Results []struct {
			Name        string  `json:"name"`
			Latitude    float64 `json:"latitude"`
			Longitude   float64 `json:"longitude"`
			Country     string  `json:"country"`
			CountryCode string  `json:"country_code"`
			Admin1      string  `json:"admin1"`
			Timezone    string  `json:"timezone"`
		} `json:"results"`
	}
	if err := s.getJSON(ctx, u, nil, &ans); err != nil {
		return Location{}, fmt.Errorf("the place finder could not be asked: %w", openMeteoReason(err))
	}
	if len(ans.Results) == 0 {
		return Location{}, fmt.Errorf("no place called %q was found; check the spelling or give latitude and longitude", city)
	}
	best := ans.Results[0]
	for _, r := range ans.Results {
		if hint != "" && (strings.EqualFold(r.Admin1, hint) || strings.EqualFold(r.Country, hint) || strings.EqualFold(r.CountryCode, hint)) {
			best = r
			break
		}
	}
	full := best.Name
	for _, part := range []string{best.Admin1, best.Country} {
		if part != "" && part != best.Name {
			full += ", " + part
		}
	}
	return Location{Name: full, Latitude: best.Latitude, Longitude: best.Longitude, Timezone: best.Timezone}, nil
}

// openMeteoReason adds Open-Meteo's own explanation ({"reason": ...}) to
// a status error.
func openMeteoReason(err error) error {
	var se *statusError
	if errors.As(err, &se) {
		var ans struct {
			Reason string `json:"reason"`
		}
		if json.Unmarshal([]byte(se.body), &ans) == nil && ans.Reason != "" {
			return fmt.Errorf("%w: %s", err, ans.Reason)
		}
	}
	return err
}
