package device

import (
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
	q := make([]string, len(e.Have))
	for i, n := range e.Have {
		q[i] = fmt.Sprintf("%q", n)
	}
	return fmt.Sprintf("no %s named %q (the %ss here: %s)", e.Kind, e.Want, e.Kind, strings.Join(q, ", "))
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

// FallbackNotice is the sentence telling the user that the speaker asked for
// could not be used (why) and kin plays on the default one, named def when
// known.
func FallbackNotice(why error, def string) string {
	s := why.Error()
	if r, n := utf8.DecodeRuneInString(s); n > 0 {
		s = string(unicode.ToUpper(r)) + s[n:]
	}
	if def == "" {
		return s + "; kin plays on the default speaker."
	}
	return fmt.Sprintf("%s; kin plays on the default speaker, %q.", s, def)
}
