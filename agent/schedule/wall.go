package schedule

import "time"

// wallTime is the instant at which the clocks in loc show the given date and
// time of day, by the daylight-saving rules in the package doc: a time that
// exists twice is its first occurrence, a time that does not exist is the
// moment the clocks jump past it. Go's own time.Date leaves both choices
// unspecified (and makes them differently in Berlin and New York).
func wallTime(y int, mo time.Month, d, h, mi, s int, loc *time.Location) time.Time {
	want := time.Date(y, mo, d, h, mi, s, 0, time.UTC)
	t := time.Date(y, mo, d, h, mi, s, 0, loc)
	start, end := t.ZoneBounds()
	switch got := naive(t); {
	case got.After(want): // in a gap, moved into the later zone period
		return start
	case got.Before(want): // in a gap, kept in the earlier zone period
		return end
	}
	if start.IsZero() {
		return t
	}
	_, off := start.Add(-time.Nanosecond).Zone()
	if alt := want.Add(-time.Duration(off) * time.Second); alt.Before(start) && alt.Before(t) {
		return alt.In(loc) // the same wall time also existed before the clocks went back
	}
	return t
}

// naive is t's wall clock read as if it were UTC.
func naive(t time.Time) time.Time {
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	return time.Date(y, mo, d, h, mi, s, t.Nanosecond(), time.UTC)
}

// civilDay is the date of t in loc, i days later, as midnight UTC: a value
// for calendar arithmetic that no clock change can shift.
func civilDay(t time.Time, loc *time.Location, i int) time.Time {
	y, mo, d := t.In(loc).Date()
	return time.Date(y, mo, d+i, 0, 0, 0, 0, time.UTC)
}
