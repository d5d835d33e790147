package tools

import (
	"strings"
	"sync"
	"time"
	"unicode"
)

// VoiceConfirm asks for permission in a spoken conversation, where no one
// reads a prompt: the first high-risk call is refused with a request that
// the model ask the user aloud; kin itself listens to what the user says
// next ([VoiceConfirm.Heard]) and, on a clear yes, lets the same call with
// the same arguments through once, within a minute. The model cannot
// approve its own call: only the user's transcribed words can.
type VoiceConfirm struct {
	Now func() time.Time // default time.Now
	TTL time.Duration    // how long a spoken yes stays good; default 1 minute

	mu       sync.Mutex
	pending  string // the call awaiting an answer (its cache key)
	approved string
	until    time.Time
}

// check reports whether the call was approved aloud (consuming the
// approval); otherwise it makes the call the one awaiting an answer.
func (v *VoiceConfirm) check(key string) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.approved == key && v.now().Before(v.until) {
		v.approved = ""
		return true
	}
	v.pending = key
	return false
}

// Heard takes the user's words (a final transcript). A yes approves the
// call awaiting an answer, a no drops it; anything else leaves it waiting.
// It reports whether the words answered a question.
func (v *VoiceConfirm) Heard(text string) bool {
	yes, no := YesNo(text)
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.pending == "" || yes == no {
		return false
	}
	if yes {
		ttl := v.TTL
		if ttl <= 0 {
			ttl = time.Minute
		}
		v.approved, v.until = v.pending, v.now().Add(ttl)
	}
	v.pending = ""
	return true
}

func (v *VoiceConfirm) now() time.Time {
	if v.Now != nil {
		return v.Now()
	}
	return time.Now()
}

var (
	yesWords = []string{"yes", "yeah", "yep", "yup", "sure", "ok", "okay", "allow", "allowed", "approve", "approved",
		"fine", "please", "absolutely", "definitely", "certainly", "go ahead", "do it", "go for it", "of course", "alright", "all right"}
	noWords = []string{"no", "nope", "nah", "don't", "dont", "do not", "stop", "cancel", "never", "deny", "wait",
		"not", "hold on", "negative", "refuse"}
)

// YesNo reads a spoken answer: yes for a clear agreement, no when any
// refusal or hesitation is in it ("no", "don't", "wait", "not yet"). An
// answer with both, or neither, is neither.
func YesNo(text string) (yes, no bool) {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\''
	})
	s := " " + strings.Join(words, " ") + " "
	has := func(list []string) bool {
		for _, w := range list {
			if strings.Contains(s, " "+w+" ") {
				return true
			}
		}
		return false
	}
	no = has(noWords)
	yes = !no && has(yesWords)
	return yes, no
}
