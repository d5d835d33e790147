package schedule

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"
	_ "time/tzdata" // the zones below, whatever the machine has installed
)

func zone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestWallTime(t *testing.T) {
	tests := []struct {
		zone       string
		date       [3]int
		h, m       int
		wantUTC    string
		wantOffset int // hours
	}{
		{"Europe/Berlin", [3]int{2026, 3, 2}, 9, 0, "2026-03-02T08:00:00Z", 1},
		{"Europe/Berlin", [3]int{2026, 3, 29}, 2, 30, "2026-03-29T01:00:00Z", 2},     // skipped: when clocks jump to 03:00
		{"Europe/Berlin", [3]int{2026, 10, 25}, 2, 30, "2026-10-25T00:30:00Z", 2},    // twice: the first, summer time
		{"Europe/Berlin", [3]int{2026, 10, 25}, 3, 0, "2026-10-25T02:00:00Z", 1},     // after the change
		{"America/New_York", [3]int{2026, 3, 8}, 2, 30, "2026-03-08T07:00:00Z", -4},  // skipped: 03:00 EDT
		{"America/New_York", [3]int{2026, 11, 1}, 1, 30, "2026-11-01T05:30:00Z", -4}, // twice: the first, EDT
		{"America/New_York", [3]int{2026, 11, 1}, 2, 30, "2026-11-01T07:30:00Z", -5},
	}
	for _, tc := range tests {
		t.Run(tc.zone+" "+time.Date(tc.date[0], time.Month(tc.date[1]), tc.date[2], tc.h, tc.m, 0, 0, time.UTC).Format("2006-01-02 15:04"), func(t *testing.T) {
			got := wallTime(tc.date[0], time.Month(tc.date[1]), tc.date[2], tc.h, tc.m, 0, zone(t, tc.zone))
			if got.UTC().Format(time.RFC3339) != tc.wantUTC {
				t.Errorf("wallTime = %s (%s), want %s", got, got.UTC().Format(time.RFC3339), tc.wantUTC)
			}
			if _, off := got.Zone(); off != tc.wantOffset*3600 {
				t.Errorf("offset = %ds, want %dh", off, tc.wantOffset)
			}
		})
	}
}

// series returns n successive occurrences of rule in loc from first.
func series(t *testing.T, rule string, first time.Time, loc *time.Location, n int) []time.Time {
	t.Helper()
	r, err := ParseRepeat(rule)
	if err != nil {
		t.Fatal(err)
	}
	out := []time.Time{first}
	for len(out) < n {
		prev := out[len(out)-1]
		out = append(out, r.Next(prev, prev, loc))
	}
	return out
}

func TestDailyStaysAtNineAcrossDST(t *testing.T) {
	tests := []struct {
		zone  string
		start [3]int
	}{
		{"Europe/Berlin", [3]int{2026, 3, 26}},
		{"Europe/Berlin", [3]int{2026, 10, 22}},
		{"America/New_York", [3]int{2026, 3, 5}},
		{"America/New_York", [3]int{2026, 10, 29}},
	}
	for _, tc := range tests {
		t.Run(tc.zone+time.Month(tc.start[1]).String(), func(t *testing.T) {
			loc := zone(t, tc.zone)
			first := time.Date(tc.start[0], time.Month(tc.start[1]), tc.start[2], 9, 0, 0, 0, loc)
			got := series(t, "daily at 09:00", first, loc, 8)
			gaps := map[time.Duration]int{}
			for i, v := range got {
				if v.Hour() != 9 || v.Minute() != 0 {
					t.Errorf("occurrence %d is at %s, not 09:00", i, v)
				}
				if i > 0 {
					gaps[v.Sub(got[i-1])]++
					if v.YearDay()-got[i-1].YearDay() != 1 {
						t.Errorf("occurrence %d (%s) is not the day after %s", i, v, got[i-1])
					}
				}
			}
			if gaps[24*time.Hour] != 6 || gaps[23*time.Hour]+gaps[25*time.Hour] != 1 {
				t.Errorf("gaps between occurrences = %v, want six of 24h and one of 23h or 25h", gaps)
			}
		})
	}
}

func TestRepeatsThroughTheChangedHour(t *testing.T) {
	berlin, ny := zone(t, "Europe/Berlin"), zone(t, "America/New_York")
	tests := []struct {
		name, rule string
		first      time.Time
		loc        *time.Location
		want       []string // RFC 3339 in the zone
	}{
		{"spring skipped time fires at the jump, then back to 02:30", "daily at 02:30",
			time.Date(2026, 3, 28, 2, 30, 0, 0, berlin), berlin,
			[]string{"2026-03-28T02:30:00+01:00", "2026-03-29T03:00:00+02:00", "2026-03-30T02:30:00+02:00"}},
		{"autumn repeated time fires once", "daily at 02:30",
			time.Date(2026, 10, 24, 2, 30, 0, 0, berlin), berlin,
			[]string{"2026-10-24T02:30:00+02:00", "2026-10-25T02:30:00+02:00", "2026-10-26T02:30:00+01:00"}},
		{"New York skipped time", "daily at 02:30",
			time.Date(2026, 3, 7, 2, 30, 0, 0, ny), ny,
			[]string{"2026-03-07T02:30:00-05:00", "2026-03-08T03:00:00-04:00", "2026-03-09T02:30:00-04:00"}},
		{"cron times in the skipped hour fire once, together", "*/30 * * * *",
			time.Date(2026, 3, 29, 1, 30, 0, 0, berlin), berlin,
			[]string{"2026-03-29T01:30:00+01:00", "2026-03-29T03:00:00+02:00", "2026-03-29T03:30:00+02:00"}},
		{"cron hour repeated in autumn is not run twice", "0 * * * *",
			time.Date(2026, 11, 1, 0, 0, 0, 0, ny), ny,
			[]string{"2026-11-01T00:00:00-04:00", "2026-11-01T01:00:00-04:00", "2026-11-01T02:00:00-05:00"}},
		{"weekdays at 09:00 over the Berlin spring weekend", "weekdays at 09:00",
			time.Date(2026, 3, 27, 9, 0, 0, 0, berlin), berlin,
			[]string{"2026-03-27T09:00:00+01:00", "2026-03-30T09:00:00+02:00"}},
		{"every hour counts elapsed time", "every hour",
			time.Date(2026, 3, 29, 1, 0, 0, 0, berlin), berlin,
			[]string{"2026-03-29T01:00:00+01:00", "2026-03-29T03:00:00+02:00", "2026-03-29T04:00:00+02:00"}},
		{"every hour in the repeated hour", "every hour",
			wallTime(2026, 10, 25, 2, 0, 0, berlin), berlin,
			[]string{"2026-10-25T02:00:00+02:00", "2026-10-25T02:00:00+01:00", "2026-10-25T03:00:00+01:00"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for i, v := range series(t, tc.rule, tc.first, tc.loc, len(tc.want)) {
				if got := v.In(tc.loc).Format(time.RFC3339); got != tc.want[i] {
					t.Errorf("occurrence %d = %s, want %s", i, got, tc.want[i])
				}
			}
		})
	}
}

func TestSchedulerKeepsNineAcrossDST(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		berlin := zone(t, "Europe/Berlin")
		time.Sleep(time.Until(time.Date(2026, 3, 27, 10, 0, 0, 0, berlin)))
		s, rec := start(t, Config{Location: berlin})
		task := mustAdd(t, s, Spec{Message: "vitamins", At: "2026-03-28T09:00:00+01:00", Repeat: "daily"})
		if task.Repeat != "daily at 09:00" {
			t.Errorf("repeat stored as %q, want daily at 09:00", task.Repeat)
		}
		time.Sleep(time.Until(time.Date(2026, 3, 31, 10, 0, 0, 0, berlin)))
		synctest.Wait()
		var got []string
		for _, f := range rec.calls() {
			got = append(got, f.at.In(berlin).Format("Jan 2 15:04 MST"))
		}
		want := []string{"Mar 28 09:00 CET", "Mar 29 09:00 CEST", "Mar 30 09:00 CEST", "Mar 31 09:00 CEST"}
		if strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Errorf("fired at %v, want %v", got, want)
		}
	})
}
