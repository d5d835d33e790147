package schedule

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

type ruleKind int

const (
	once ruleKind = iota
	daily
	weekdays
	interval
	cronRule
)

// Rule is a parsed repeat rule; the zero Rule means "once".
type Rule struct {
	kind  ruleKind
	clock clockTime     // daily, weekdays: the time of day
	every time.Duration // interval
	cron  *cronSpec     // cronRule
}

// clockTime is a time of day; set is false for a plain "daily" that takes
// its time from the first due time.
type clockTime struct {
	h, m, s int
	set     bool
}

func (c clockTime) String() string {
	if c.s != 0 {
		return fmt.Sprintf("%02d:%02d:%02d", c.h, c.m, c.s)
	}
	return fmt.Sprintf("%02d:%02d", c.h, c.m)
}

// repeatHelp ends every error about a repeat rule.
const repeatHelp = `write daily, weekdays, daily at 09:00, every 15 minutes, every 2 hours, or a cron line such as "0 9 * * 1-5"`

// ParseRepeat reads a repeat rule (see the package doc for the forms); ""
// is the zero Rule, a task that happens once. Errors name the argument
// "repeat" and say what to write instead.
func ParseRepeat(s string) (Rule, error) {
	norm := strings.ToLower(strings.Join(strings.Fields(s), " "))
	head, at, hasAt := strings.Cut(norm, " at ")
	switch {
	case norm == "":
		return Rule{}, nil
	case head == "daily" || head == "every day":
		return withClock(Rule{kind: daily}, at, hasAt, s)
	case head == "weekdays" || head == "every weekday":
		return withClock(Rule{kind: weekdays}, at, hasAt, s)
	case norm == "hourly":
		return Rule{kind: interval, every: time.Hour}, nil
	case strings.HasPrefix(norm, "every "):
		return parseEvery(norm, s)
	case len(strings.Fields(norm)) == 5:
		c, err := parseCron(norm)
		if err != nil {
			return Rule{}, fmt.Errorf("repeat: %q: %w", s, err)
		}
		return Rule{kind: cronRule, cron: c}, nil
	}
	return Rule{}, fmt.Errorf("repeat: %q is not a repeat rule; %s", s, repeatHelp)
}

func withClock(r Rule, at string, hasAt bool, orig string) (Rule, error) {
	if !hasAt {
		return r, nil
	}
	t, err := parseClock(at)
	if err != nil {
		return Rule{}, fmt.Errorf("repeat: %q: %q is not a time of day; write it as 24-hour HH:MM, e.g. daily at 09:00", orig, at)
	}
	r.clock = clockTime{h: t.Hour(), m: t.Minute(), s: t.Second(), set: true}
	return r, nil
}

func parseClock(s string) (time.Time, error) {
	for _, layout := range []string{"15:04", "15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("not a time of day")
}

var everyUnits = map[string]time.Duration{
	"minute": time.Minute, "minutes": time.Minute, "min": time.Minute, "mins": time.Minute, "m": time.Minute,
	"hour": time.Hour, "hours": time.Hour, "hr": time.Hour, "hrs": time.Hour, "h": time.Hour,
}

// maxEvery is the largest N of "every N minutes" or "every N hours".
const maxEvery = 100000

// parseEvery reads "every N minutes", "every N hours", "every minute",
// "every hour".
func parseEvery(norm, orig string) (Rule, error) {
	f := strings.Fields(strings.TrimPrefix(norm, "every "))
	if len(f) == 0 || len(f) > 2 {
		return Rule{}, fmt.Errorf("repeat: %q is not a repeat rule; %s", orig, repeatHelp)
	}
	unit, ok := everyUnits[f[len(f)-1]]
	if !ok { // the unit first: "every 1000000 years" is wrong in its unit, not its number
		return Rule{}, fmt.Errorf("repeat: %q: %q is not a unit kin repeats by (minutes or hours); %s", orig, f[len(f)-1], repeatHelp)
	}
	n := 1
	if len(f) == 2 {
		var err error
		if n, err = strconv.Atoi(f[0]); err != nil || n < 1 || n > maxEvery {
			return Rule{}, fmt.Errorf("repeat: %q: %q is not a whole number from 1 to %d; %s", orig, f[0], maxEvery, repeatHelp)
		}
	}
	return Rule{kind: interval, every: time.Duration(n) * unit}, nil
}

// IsZero reports whether r is "once": no repeat.
func (r Rule) IsZero() bool { return r.kind == once }

// String is the rule in its normal form, which [ParseRepeat] reads back.
func (r Rule) String() string {
	switch r.kind {
	case daily, weekdays:
		name := map[ruleKind]string{daily: "daily", weekdays: "weekdays"}[r.kind]
		if !r.clock.set {
			return name
		}
		return name + " at " + r.clock.String()
	case interval:
		return everyString(r.every)
	case cronRule:
		return r.cron.text
	}
	return ""
}

func everyString(d time.Duration) string {
	switch {
	case d == time.Hour:
		return "every hour"
	case d == time.Minute:
		return "every minute"
	case d%time.Hour == 0:
		return fmt.Sprintf("every %d hours", d/time.Hour)
	}
	return fmt.Sprintf("every %d minutes", d/time.Minute)
}

// needsStart reports whether r takes its time of day from the first due
// time ("daily" and "weekdays" without "at").
func (r Rule) needsStart() bool { return (r.kind == daily || r.kind == weekdays) && !r.clock.set }

// anchored sets a plain daily or weekdays rule's time of day to that of
// first in loc.
func (r Rule) anchored(first time.Time, loc *time.Location) Rule {
	if r.needsStart() {
		w := first.In(loc)
		r.clock = clockTime{h: w.Hour(), m: w.Minute(), s: w.Second(), set: true}
	}
	return r
}

// Next is the first occurrence of r strictly after after, for a task last
// due at prev: prev plus a whole number of intervals for "every" rules, the
// next matching wall-clock time in loc for calendar rules. It is the zero
// time for the zero Rule, a plain "daily" not yet anchored, and a cron line
// that never matches.
func (r Rule) Next(prev, after time.Time, loc *time.Location) time.Time {
	switch r.kind {
	case interval:
		t := prev.Add(r.every)
		if !t.After(after) {
			t = prev.Add((after.Sub(prev)/r.every + 1) * r.every)
		}
		return t.In(loc)
	case daily, weekdays:
		if !r.clock.set {
			return time.Time{}
		}
		return r.nextClock(latest(prev, after), loc)
	case cronRule:
		return r.cron.next(latest(prev, after), loc)
	}
	return time.Time{}
}

// nextClock is the first time after after that the clocks in loc show
// r.clock on a day r allows.
func (r Rule) nextClock(after time.Time, loc *time.Location) time.Time {
	for i := 0; i < 8; i++ {
		day := civilDay(after, loc, i)
		if wd := day.Weekday(); r.kind == weekdays && (wd == time.Saturday || wd == time.Sunday) {
			continue
		}
		if t := wallTime(day.Year(), day.Month(), day.Day(), r.clock.h, r.clock.m, r.clock.s, loc); t.After(after) {
			return t
		}
	}
	return time.Time{}
}

func latest(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
