package skill

import (
	"encoding/json"
	"testing"
)

func TestFill(t *testing.T) {
	data := json.RawMessage(`{"temp":21.5,"city":"Paris","ok":true,"tags":["a","b"],"place":{"country":"France"},"none":null}`)
	for _, c := range []struct {
		pattern, want string
		ok            bool
	}{
		{"It is {{temp}} degrees in {{ city }}.", "It is 21.5 degrees in Paris.", true},
		{"{{place.country}}: {{ok}}, {{tags}}", "France: yes, a, b", true},
		{"Hello {{name}}", "Hello {{name}}", false},
		{"{{none}}", "{{none}}", false},
		{"{{place.city.x}}", "{{place.city.x}}", false},
		{"no vars", "no vars", true},
	} {
		got, ok := Fill(c.pattern, data)
		if got != c.want || ok != c.ok {
			t.Errorf("Fill(%q) = %q, %v; want %q, %v", c.pattern, got, ok, c.want, c.ok)
		}
	}
	if _, ok := Fill("{{x}}", json.RawMessage(`[1]`)); ok {
		t.Error("a list filled a variable")
	}
}

// TestSpokenFallsBack: a pattern with a missing variable says the output.
func TestSpokenFallsBack(t *testing.T) {
	s := &Skill{VoicePattern: "It is {{temp}}."}
	if got := s.spoken(Result{Output: "Warm."}); got != "Warm." {
		t.Errorf("spoken %q", got)
	}
	if got := (&Skill{}).spoken(Result{Output: "x"}); got != "" {
		t.Errorf("no pattern spoke %q", got)
	}
}
