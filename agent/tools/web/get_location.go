package web

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed get_location.md
var getLocationDescription string

var getLocationSchema = json.RawMessage(`{"type":"object","properties":{}}`)

// ErrNoLocation is the error of get_location (and of get_weather without
// a place) when the user's location is not set.
var ErrNoLocation = errors.New(`kin does not know where you are: set KIN_LOCATION, e.g. "Berlin, Germany; 52.52; 13.405; Europe/Berlin", or name a city`)

// getLocation returns the get_location tool.
func getLocation(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "get_location", Description: getLocationDescription, Schema: getLocationSchema,
		Meta: tools.Meta{Risk: tools.Low, ReadOnly: true, ConcurrencySafe: true},
		Assess: func(json.RawMessage) tools.Assessment {
			return tools.Assessment{Risk: tools.Low, Summary: "look up where you are"}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			if _, err := tools.Decode[struct{}]("get_location", args, getLocationSchema); err != nil {
				return "", err
			}
			if cfg.Location == nil {
				return "", fmt.Errorf("get_location: %w", ErrNoLocation)
			}
			return describeLocation(*cfg.Location, time.Now()), nil
		}}
}

// describeLocation says where l is and, with a known time zone, what time
// it is there at now.
func describeLocation(l Location, now time.Time) string {
	name := l.Name
	if name == "" {
		name = "The configured place"
	}
	s := fmt.Sprintf("%s: latitude %.4f, longitude %.4f", name, l.Latitude, l.Longitude)
	if l.Timezone == "" {
		return s + "."
	}
	s += ", time zone " + l.Timezone
	if tz, err := time.LoadLocation(l.Timezone); err == nil {
		s += ", local time " + now.In(tz).Format("Monday 2 January 2006 15:04 MST")
	}
	return s + "."
}
