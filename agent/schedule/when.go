package schedule

import (
	"fmt"
	"strings"
	"time"
)

// localLayouts are the forms of at without a zone, read in the user's zone.
var localLayouts = []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04"}

// firstDue is when a new task is first due: at, or now plus in, or (with
// neither) the rule's first occurrence after now.
func firstDue(at, in string, rule Rule, now time.Time, loc *time.Location) (time.Time, error) {
	at, in = strings.TrimSpace(at), strings.TrimSpace(in)
	switch {
	case at != "" && in != "":
		return time.Time{}, fmt.Errorf("at: give either at (a time) or in (a delay), not both")
	case in != "":
		return parseIn(in, now)
	case at != "":
		return parseAt(at, now, loc)
	case rule.IsZero() || rule.needsStart():
		return time.Time{}, fmt.Errorf("at: say when the task is due, with at (e.g. %s) or in (e.g. 10m)", example(now, loc))
	}
	return rule.Next(now, now, loc), nil
}

func parseIn(in string, now time.Time) (time.Time, error) {
	d, err := time.ParseDuration(strings.ReplaceAll(in, " ", ""))
	if err != nil {
		return time.Time{}, fmt.Errorf("in: %q is not a duration; write e.g. 10m, 2h, 1h30m", in)
	}
	if d <= 0 {
		return time.Time{}, fmt.Errorf("in: %q is not in the future; write a positive duration such as 10m", in)
	}
	return now.Add(d).Round(0).Truncate(time.Second), nil
}

func parseAt(at string, now time.Time, loc *time.Location) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, at)
	if err != nil {
		t, err = parseLocal(at, loc)
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("at: %q is not a time; write it as RFC 3339, e.g. %s", at, example(now, loc))
	}
	if !t.After(now) {
		return time.Time{}, fmt.Errorf("at: %s is in the past (it is now %s)", t.In(loc).Format(time.RFC3339), now.In(loc).Format(time.RFC3339))
	}
	return t.In(loc), nil
}

// parseLocal reads a date and time without a zone as wall-clock time in loc.
func parseLocal(s string, loc *time.Location) (time.Time, error) {
	for _, layout := range localLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return wallTime(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), loc), nil
		}
	}
	return time.Time{}, fmt.Errorf("not a time")
}

// example is tomorrow at 09:00 in loc, as RFC 3339.
func example(now time.Time, loc *time.Location) string {
	d := civilDay(now, loc, 1)
	return wallTime(d.Year(), d.Month(), d.Day(), 9, 0, 0, loc).Format(time.RFC3339)
}
