package web

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed get_weather.md
var getWeatherDescription string

var getWeatherSchema = json.RawMessage(`{"type":"object","properties":{
 "city":{"type":"string","description":"A place name, optionally with region or country: \"Lyon\", \"Portland, Oregon\""},
 "latitude":{"type":"number","minimum":-90,"maximum":90},
 "longitude":{"type":"number","minimum":-180,"maximum":180}}}`)

type weatherArgs struct {
	City      string   `json:"city"`
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
}

// getWeather returns the get_weather tool.
func getWeather(s *services) *tools.Tool {
	return &tools.Tool{Name: "get_weather", Description: getWeatherDescription, Schema: getWeatherSchema,
		Meta: tools.Meta{Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true,
			Cacheable: true, CacheTTL: 10 * time.Minute, TimeoutFloor: overallTimeout},
		Assess: func(args json.RawMessage) tools.Assessment {
			var a weatherArgs
			_ = json.Unmarshal(args, &a)
			where := "your location"
			switch {
			case strings.TrimSpace(a.City) != "":
				where = strings.TrimSpace(a.City)
			case a.Latitude != nil && a.Longitude != nil:
				where = fmt.Sprintf("%.3f, %.3f", *a.Latitude, *a.Longitude)
			}
			return tools.Assessment{Risk: tools.Low, Scope: "weather", Summary: "look up the weather for " + where}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[weatherArgs]("get_weather", args, getWeatherSchema)
			if err != nil {
				return "", err
			}
			place, err := s.place(ctx, a)
			if err != nil {
				return "", fmt.Errorf("get_weather: %w", err)
			}
			fc, err := s.forecast(ctx, place)
			if err != nil {
				return "", fmt.Errorf("get_weather: %w", err)
			}
			return describeWeather(place, fc, s.cfg.Units), nil
		}}
}

// place decides where: coordinates, else a city, else the configured
// location.
func (s *services) place(ctx context.Context, a weatherArgs) (Location, error) {
	switch {
	case (a.Latitude == nil) != (a.Longitude == nil):
		return Location{}, errors.New("give both latitude and longitude, or a city")
	case a.Latitude != nil:
		lat, lon := *a.Latitude, *a.Longitude
		if lat < -90 || lat > 90 || lon < -180 || lon > 180 {
			return Location{}, fmt.Errorf("latitude must be between -90 and 90 and longitude between -180 and 180, not %g, %g", lat, lon)
		}
		return Location{Name: fmt.Sprintf("%.3f, %.3f", lat, lon), Latitude: lat, Longitude: lon}, nil
	case strings.TrimSpace(a.City) != "":
		return s.geocode(ctx, strings.TrimSpace(a.City))
	case s.cfg.Location != nil:
		return *s.cfg.Location, nil
	}
	return Location{}, fmt.Errorf("no city given and %w", ErrNoLocation)
}
