package turn

import "testing"

func TestEndOfUtterance(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"What is the weather like?", true},
		{"Tell me a joke.", true},
		{"Thanks!", true},
		{"turn off the lights", true},
		{"", true},
		{"I want to go to the", false},
		{"I was thinking and", false},
		{"So, um", false},
		{"Can you remind me to", false},
		{"Let me think...", false},
		{"Well, the thing is,", false},
		{"My favourite colour is…", false},
		{"Because.", false}, // a transcriber's full stop does not finish "because"
		{"It's", false},
		{"Call my mother", true},
	} {
		if got := EndOfUtterance(tc.text); got != tc.want {
			t.Errorf("EndOfUtterance(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
