package schedule

import (
	"strings"
	"testing"
	"time"
)

func TestParseRepeat(t *testing.T) {
	tests := []struct {
		in, want string // want: the normal form
	}{
		{"", ""},
		{"daily", "daily"},
		{"  Every  Day ", "daily"},
		{"daily at 9:00", "daily at 09:00"},
		{"daily at 21:30:15", "daily at 21:30:15"},
		{"weekdays", "weekdays"},
		{"every weekday at 07:30", "weekdays at 07:30"},
		{"hourly", "every hour"},
		{"every minute", "every minute"},
		{"every 1 minute", "every minute"},
		{"every 15 minutes", "every 15 minutes"},
		{"every 90 mins", "every 90 minutes"},
		{"every 2 hours", "every 2 hours"},
		{"every 1 hour", "every hour"},
		{"every 3 h", "every 3 hours"},
		{"0 9 * * 1-5", "0 9 * * 1-5"},
		{"*/15  9-17 * * MON-FRI", "*/15 9-17 * * mon-fri"},
		{"0 0 1 jan,jul *", "0 0 1 jan,jul *"},
		{"30 2 29 2 *", "30 2 29 2 *"},
		{"0 12 * * 7", "0 12 * * 7"},
		{"5/20 * * * *", "5/20 * * * *"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			r, err := ParseRepeat(tc.in)
			if err != nil {
				t.Fatalf("ParseRepeat(%q): %v", tc.in, err)
			}
			if r.String() != tc.want {
				t.Errorf("ParseRepeat(%q) = %q, want %q", tc.in, r.String(), tc.want)
			}
			if again, err := ParseRepeat(r.String()); err != nil || again.String() != tc.want {
				t.Errorf("normal form %q does not read back: %q, %v", r.String(), again.String(), err)
			}
		})
	}
}

func TestParseRepeatRefuses(t *testing.T) {
	tests := []struct {
		in, wantErr string
	}{
		{"fortnightly", `repeat: "fortnightly" is not a repeat rule; write daily`},
		{"every 0 minutes", `"0" is not a whole number from 1 to 100000`},
		{"every -5 minutes", `"-5" is not a whole number`},
		{"every 5 parsecs", `"parsecs" is not a unit kin repeats by`},
		{"every 1000000 years", `"years" is not a unit kin repeats by`},
		{"every 99999999999999 hours", `is not a whole number from 1 to 100000`},
		{"every", `is not a repeat rule`},
		{"every 5 minutes please", `is not a repeat rule`},
		{"daily at noon", `"noon" is not a time of day; write it as 24-hour HH:MM`},
		{"daily at 25:00", `is not a time of day`},
		{"61 * * * *", `minute: "61" is not a number from 0 to 59`},
		{"* 24 * * *", `hour: "24" is not a number from 0 to 23`},
		{"* * 0 * *", `day of month: "0" is not a number from 1 to 31`},
		{"* * * 13 *", `month: "13" is not a number from 1 to 12`},
		{"* * * * 8", `day of week: "8" is not a number from 0 to 7`},
		{"* * * * funday", `day of week: "funday"`},
		{"*/0 * * * *", `minute: step "0" is not a whole number of at least 1`},
		{"30-10 * * * *", `minute: range "30-10" runs backwards`},
		{"0 9 30 2 *", `never happens`},
		{"0 9 31 4,6 *", `never happens`},
		{"0 9 * *", `is not a repeat rule`},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			_, err := ParseRepeat(tc.in)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("ParseRepeat(%q) = %v, want an error containing %q", tc.in, err, tc.wantErr)
			}
			if !strings.HasPrefix(err.Error(), "repeat: ") {
				t.Errorf("error %q does not name the argument", err)
			}
		})
	}
}

func TestRuleNext(t *testing.T) {
	utc := time.UTC
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	tests := []struct {
		rule, prev, after, want string
	}{
		{"every 15 minutes", "2026-03-02T09:00:00Z", "2026-03-02T09:00:00Z", "2026-03-02T09:15:00Z"},
		{"every 15 minutes", "2026-03-02T09:00:00Z", "2026-03-05T10:07:00Z", "2026-03-05T10:15:00Z"},
		{"every 2 hours", "2026-03-02T09:00:00Z", "2026-03-02T11:00:00Z", "2026-03-02T13:00:00Z"},
		{"daily at 09:00", "2026-03-02T09:00:00Z", "2026-03-02T09:00:00Z", "2026-03-03T09:00:00Z"},
		{"daily at 09:00", "2026-03-02T09:00:00Z", "2026-03-02T08:00:00Z", "2026-03-03T09:00:00Z"},
		{"daily at 09:00", "2026-03-02T09:00:00Z", "2026-03-10T08:59:59Z", "2026-03-10T09:00:00Z"},
		{"weekdays at 09:00", "2026-03-06T09:00:00Z", "2026-03-06T09:00:00Z", "2026-03-09T09:00:00Z"}, // Fri -> Mon
		{"0 9 * * 1-5", "2026-03-06T09:00:00Z", "2026-03-06T09:00:00Z", "2026-03-09T09:00:00Z"},
		{"*/20 * * * *", "2026-03-02T09:00:00Z", "2026-03-02T09:00:00Z", "2026-03-02T09:20:00Z"},
		{"0 0 29 2 *", "2026-03-01T00:00:00Z", "2026-03-01T00:00:00Z", "2028-02-29T00:00:00Z"},
		{"0 12 1 * mon", "2026-03-02T12:00:00Z", "2026-03-02T12:00:00Z", "2026-03-09T12:00:00Z"},   // Vixie: day 1 OR Monday
		{"0 12 */2 * mon", "2026-03-02T12:00:00Z", "2026-03-02T12:00:00Z", "2026-03-09T12:00:00Z"}, // * field: odd day AND Monday (not the 3rd)
		{"0 12 * * 7", "2026-03-02T12:00:00Z", "2026-03-02T12:00:00Z", "2026-03-08T12:00:00Z"},     // 7 is Sunday
	}
	for _, tc := range tests {
		t.Run(tc.rule+" after "+tc.after, func(t *testing.T) {
			r, err := ParseRepeat(tc.rule)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Next(at(tc.prev), at(tc.after), utc); !got.Equal(at(tc.want)) {
				t.Errorf("Next = %s, want %s", got.Format(time.RFC3339), tc.want)
			}
		})
	}
	if got := (Rule{}).Next(at("2026-03-02T09:00:00Z"), at("2026-03-02T09:00:00Z"), utc); !got.IsZero() {
		t.Errorf("the zero Rule repeats at %s", got)
	}
}
