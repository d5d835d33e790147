package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
)

//go:embed changevoice.md
var changeVoiceDescription string

// VoiceSwitcher is a running voice conversation that can change voices.
type VoiceSwitcher interface {
	SwitchVoice(voice string)
	Voices() []string
}

// VoiceSlot holds the voice conversation now running, if any: the tool is
// registered once, conversations come and go.
type VoiceSlot struct {
	mu sync.Mutex
	s  VoiceSwitcher
}

// Set makes s the running conversation; nil when it ends.
func (v *VoiceSlot) Set(s VoiceSwitcher) {
	v.mu.Lock()
	v.s = s
	v.mu.Unlock()
}

func (v *VoiceSlot) get() VoiceSwitcher {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.s
}

var changeVoiceSchema = json.RawMessage(`{"type":"object","properties":{
 "voice":{"type":"string","description":"The new voice's name, e.g. alloy, coral, sage (OpenAI) or Puck, Kore, Aoede (Gemini)"}},"required":["voice"]}`)

// ChangeVoice returns seed 002's change_voice tool, switching the voice of
// the conversation in slot.
func ChangeVoice(slot *VoiceSlot) *Tool {
	return &Tool{Name: "change_voice", Description: changeVoiceDescription, Schema: changeVoiceSchema,
		Meta: Meta{Risk: Low},
		Run: func(_ context.Context, args json.RawMessage) (string, error) {
			in, err := decode[struct{ Voice string }]("change_voice", args, changeVoiceSchema)
			if err != nil {
				return "", err
			}
			s := slot.get()
			if s == nil {
				return "", fmt.Errorf("change_voice: no voice conversation is running; voices change only while talking aloud")
			}
			voices := s.Voices()
			i := slices.IndexFunc(voices, func(v string) bool { return strings.EqualFold(v, strings.TrimSpace(in.Voice)) })
			if i < 0 {
				return "", fmt.Errorf("change_voice: there is no voice %q; choose one of %s", in.Voice, strings.Join(voices, ", "))
			}
			s.SwitchVoice(voices[i])
			return "Switching to the voice " + voices[i] + "; the conversation goes on.", nil
		}}
}
