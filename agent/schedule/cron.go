package schedule

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// cronSpec is a 5-field cron line as bit sets, one bit per allowed value.
type cronSpec struct {
	minute, hour, dom, month, dow uint64
	// domStar and dowStar: the field starts with "*". As in Vixie cron, a
	// day matches both day fields when either starts with "*", and either
	// of them when both are restricted.
	domStar, dowStar bool
	text             string
}

type cronField struct {
	name     string
	min, max int
	names    []string // names[i] stands for min+i
}

var cronFields = [5]cronField{
	{name: "minute", max: 59},
	{name: "hour", max: 23},
	{name: "day of month", min: 1, max: 31},
	{name: "month", min: 1, max: 12, names: strings.Fields("jan feb mar apr may jun jul aug sep oct nov dec")},
	{name: "day of week", max: 7, names: strings.Fields("sun mon tue wed thu fri sat")},
}

// cronHorizon is how far ahead a cron line is searched: eight years holds
// a 29 February.
const cronHorizon = 8 * 366

// parseCron reads a normalised 5-field line.
func parseCron(norm string) (*cronSpec, error) {
	f := strings.Fields(norm)
	var sets [5]uint64
	for i, cf := range cronFields {
		var err error
		if sets[i], err = cf.parse(f[i]); err != nil {
			return nil, err
		}
	}
	c := &cronSpec{minute: sets[0], hour: sets[1], dom: sets[2], month: sets[3], dow: sets[4],
		domStar: strings.HasPrefix(f[2], "*"), dowStar: strings.HasPrefix(f[4], "*"), text: norm}
	if c.dow&(1<<7) != 0 {
		c.dow |= 1 // 7 is Sunday too
	}
	if c.next(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), time.UTC).IsZero() {
		return nil, fmt.Errorf("this cron line never happens (is the day after the month's last?)")
	}
	return c, nil
}

// parse reads one field: comma-separated items, each *, N or N-M, with an
// optional /STEP.
func (cf cronField) parse(s string) (uint64, error) {
	var set uint64
	for _, item := range strings.Split(s, ",") {
		rng, stepText, hasStep := strings.Cut(item, "/")
		step := 1
		if hasStep {
			n, err := strconv.Atoi(stepText)
			if err != nil || n < 1 {
				return 0, fmt.Errorf("%s: step %q is not a whole number of at least 1", cf.name, stepText)
			}
			step = n
		}
		lo, hi, err := cf.bounds(rng, hasStep)
		if err != nil {
			return 0, err
		}
		for v := lo; v <= hi; v += step {
			set |= 1 << uint(v)
		}
	}
	return set, nil
}

// bounds reads *, N (to the maximum when stepped) or N-M.
func (cf cronField) bounds(rng string, stepped bool) (int, int, error) {
	if rng == "*" {
		return cf.min, cf.max, nil
	}
	loText, hiText, isRange := strings.Cut(rng, "-")
	lo, err := cf.value(loText)
	if err != nil {
		return 0, 0, err
	}
	hi := lo
	switch {
	case isRange:
		if hi, err = cf.value(hiText); err != nil {
			return 0, 0, err
		}
	case stepped:
		hi = cf.max
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("%s: range %q runs backwards", cf.name, rng)
	}
	return lo, hi, nil
}

func (cf cronField) value(s string) (int, error) {
	for i, n := range cf.names {
		if s == n {
			return cf.min + i, nil
		}
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < cf.min || v > cf.max {
		return 0, fmt.Errorf("%s: %q is not a number from %d to %d", cf.name, s, cf.min, cf.max)
	}
	return v, nil
}

func (c *cronSpec) dayMatches(day time.Time) bool {
	if c.month&(1<<uint(day.Month())) == 0 {
		return false
	}
	dom := c.dom&(1<<uint(day.Day())) != 0
	dow := c.dow&(1<<uint(day.Weekday())) != 0
	if c.domStar || c.dowStar {
		return dom && dow
	}
	return dom || dow
}

// next is the first wall-clock match in loc strictly after after, or the
// zero time when there is none within cronHorizon days.
func (c *cronSpec) next(after time.Time, loc *time.Location) time.Time {
	w := after.In(loc)
	for i := 0; i < cronHorizon; i++ {
		day := civilDay(after, loc, i)
		if !c.dayMatches(day) {
			continue
		}
		h0, m0 := 0, 0
		if i == 0 {
			h0, m0 = w.Hour(), w.Minute()
		}
		if t := c.nextInDay(day, h0, m0, after, loc); !t.IsZero() {
			return t
		}
	}
	return time.Time{}
}

// nextInDay is the first matching time on day from h0:m0 that lies after
// after, or the zero time.
func (c *cronSpec) nextInDay(day time.Time, h0, m0 int, after time.Time, loc *time.Location) time.Time {
	for h := h0; h < 24; h++ {
		if c.hour&(1<<uint(h)) == 0 {
			continue
		}
		for m := 0; m < 60; m++ {
			if c.minute&(1<<uint(m)) == 0 || (h == h0 && m < m0) {
				continue
			}
			if t := wallTime(day.Year(), day.Month(), day.Day(), h, m, 0, loc); t.After(after) {
				return t
			}
		}
	}
	return time.Time{}
}
