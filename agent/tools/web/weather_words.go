package web

import (
	"fmt"
	"math"
	"strings"
)

// wmoCodes are the WMO weather interpretation codes Open-Meteo uses.
var wmoCodes = map[int]string{
	0: "clear sky", 1: "mainly clear", 2: "partly cloudy", 3: "overcast",
	45: "fog", 48: "freezing fog",
	51: "light drizzle", 53: "drizzle", 55: "dense drizzle",
	56: "light freezing drizzle", 57: "dense freezing drizzle",
	61: "light rain", 63: "rain", 65: "heavy rain",
	66: "light freezing rain", 67: "heavy freezing rain",
	71: "light snowfall", 73: "snowfall", 75: "heavy snowfall", 77: "snow grains",
	80: "light rain showers", 81: "rain showers", 82: "violent rain showers",
	85: "light snow showers", 86: "heavy snow showers",
	95: "thunderstorm", 96: "thunderstorm with light hail", 99: "thunderstorm with heavy hail",
}

// weatherWords says a WMO code in words.
func weatherWords(code int) string {
	if w, ok := wmoCodes[code]; ok {
		return w
	}
	return fmt.Sprintf("weather code %d", code)
}

// compass names a wind direction in degrees: "north", "south-west"…
func compass(deg float64) string {
	names := []string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}
	i := int(math.Round(math.Mod(math.Mod(deg, 360)+360, 360)/45)) % 8
	return names[i]
}

// describeWeather writes the forecast for people.
func describeWeather(l Location, fc *forecast, units string) string {
	temp, wind := "°C", "km/h"
	if units == "imperial" {
		temp, wind = "°F", "mph"
	}
	if u := fc.CurrentUnits["temperature_2m"]; u != "" {
		temp = u
	}
	if u := fc.CurrentUnits["wind_speed_10m"]; u != "" {
		wind = u
	}
	c := fc.Current
	var b strings.Builder
	fmt.Fprintf(&b, "Weather in %s", l.Name)
	if tz := firstOf(fc.Timezone, l.Timezone); tz != "" {
		fmt.Fprintf(&b, " (%s time %s)", tz, strings.Replace(c.Time, "T", " ", 1))
	}
	fmt.Fprintf(&b, ": %s, %.1f %s (feels like %.1f %s), humidity %.0f%%, wind %.0f %s from the %s.",
		weatherWords(c.Code), c.Temperature, temp, c.Apparent, temp, c.Humidity, c.WindSpeed, wind, compass(c.WindDir))
	d := fc.Daily
	if len(d.Max) > 0 && len(d.Min) > 0 {
		fmt.Fprintf(&b, "\nToday: ")
		if len(d.Code) > 0 {
			fmt.Fprintf(&b, "%s, ", weatherWords(d.Code[0]))
		}
		fmt.Fprintf(&b, "high %.1f %s, low %.1f %s", d.Max[0], temp, d.Min[0], temp)
		if len(d.Precipitation) > 0 {
			fmt.Fprintf(&b, ", %.0f%% chance of precipitation", d.Precipitation[0])
		}
		b.WriteString(".")
	}
	if len(d.Sunrise) > 0 && len(d.Sunset) > 0 {
		fmt.Fprintf(&b, "\nSunrise %s, sunset %s.", clock(d.Sunrise[0]), clock(d.Sunset[0]))
	}
	return b.String()
}

// clock returns the time of day of an ISO 8601 local time, "04:46".
func clock(iso string) string {
	if _, t, ok := strings.Cut(iso, "T"); ok {
		return t
	}
	return iso
}

func firstOf(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
