package device

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Info is one audio device as the system lists it.
type Info struct {
	// Name is what the system calls it, and what a setting's name is matched against.
	Name string
	// Default marks the system's default device of its kind.
	Default bool
}

// UnknownDeviceError says that no device of a kind has the name asked for, and
// lists those there are.
type UnknownDeviceError struct {
	Kind string   // "microphone" or "speaker"
	Want string   // the name asked for
	Have []string // the names there are
}

// Error is one sentence naming the device asked for and those there are.
func (e *UnknownDeviceError) Error() string {
	if len(e.Have) == 0 {
		return fmt.Sprintf("no %s named %q (there are no %ss here)", e.Kind, e.Want, e.Kind)
	}
	return fmt.Sprintf("no %s named %q (the %ss here: %s)", e.Kind, e.Want, e.Kind, quoteAll(e.Have))
}

// Pick returns the index of the device want names among devs: the one whose
// name is want, ignoring case, else the first whose name contains it. A name
// none has is an [*UnknownDeviceError].
func Pick(kind, want string, devs []Info) (int, error) {
	w := strings.ToLower(strings.TrimSpace(want))
	for i, d := range devs {
		if strings.ToLower(d.Name) == w {
			return i, nil
		}
	}
	for i, d := range devs {
		if w != "" && strings.Contains(strings.ToLower(d.Name), w) {
			return i, nil
		}
	}
	have := make([]string, len(devs))
	for i, d := range devs {
		have[i] = d.Name
	}
	return -1, &UnknownDeviceError{Kind: kind, Want: want, Have: have}
}

// FallbackNotice tells the user that the speaker asked for could not be used
// (why) and kin plays on the default one, named def when known; for a speaker
// that is not there, the speakers there are come last, so that a line cut
// short (the settings panel's) still says what happened.
func FallbackNotice(why error, def string) string {
	playing := "playing on the default"
	if def != "" {
		playing += fmt.Sprintf(", %q", def)
	}
	var u *UnknownDeviceError
	if errors.As(why, &u) {
		return fmt.Sprintf("No %s %q here; %s. %ss here: %s.", u.Kind, u.Want, playing, upper(u.Kind), quoteAll(u.Have))
	}
	return fmt.Sprintf("%s; %s.", upper(why.Error()), playing)
}

// upper is s with its first letter in upper case.
func upper(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// quoteAll is names quoted and joined with commas, or "none".
func quoteAll(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
