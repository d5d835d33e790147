package memory

import (
	"strings"
	"testing"
)

// TestBlockTags: an entry's tags are in its line, and entrySize counts them, so the cap
// still holds to the byte.
func TestBlockTags(t *testing.T) {
	for _, tc := range []struct {
		name string
		tags []string
		want string
	}{
		{"none", nil, "- [user] tea — Tea: drink\n  green\n"},
		{"one", []string{"kitchen"}, "- [user] tea — Tea: drink [tags: kitchen]\n  green\n"},
		{"two", []string{"kitchen", "morning"}, "- [user] tea — Tea: drink [tags: kitchen, morning]\n  green\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := entry("tea", User, 0.5, t0, tc.tags...)
			e.Name, e.Description, e.Content = "Tea", "drink", "green"
			b := Block([]Scored{{Entry: e}}, 0)
			if b != blockOpen+tc.want+blockClose {
				t.Errorf("block %q, want the line %q", b, tc.want)
			}
			if n := entrySize(&e); n != len(tc.want) {
				t.Errorf("entrySize %d, line is %d bytes", n, len(tc.want))
			}
		})
	}
}

func TestLead(t *testing.T) {
	ranked := []Scored{{Entry: Entry{Key: "a"}}, {Entry: Entry{Key: "b"}}, {Entry: Entry{Key: "c"}}, {Entry: Entry{Key: "d"}}}
	for _, tc := range []struct {
		lead []string
		want string
	}{
		{nil, "a b c d"},
		{[]string{"c"}, "c a b d"},
		{[]string{"d", "b"}, "d b a c"},
		{[]string{"gone", "c", "c"}, "c a b d"},
	} {
		var got []string
		for _, s := range Lead(ranked, tc.lead) {
			got = append(got, s.Key)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("Lead(%v) = %v, want %s", tc.lead, got, tc.want)
		}
	}
}
