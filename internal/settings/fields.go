package settings

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is how a field is edited: text, a number, on/off, one of a few
// words, or a list.
type Kind int

// The kinds of [Field].
const (
	Text Kind = iota
	Number
	Toggle
	Choice
	List
	Place
)

// Field describes one key of the settings file: its name, what it means
// (written as the key's comment in a new file) and how to read and set it
// as text (kin settings get/set, the window's panel).
type Field struct {
	Key     string
	Doc     string
	Kind    Kind
	Choices []string // for Choice: the words allowed, "" first when unset is allowed
	get     func(*Settings) string
	set     func(*Settings, string) error
}

// Get returns the field's value in s as text ("" when unset).
func (f Field) Get(s *Settings) string { return f.get(s) }

// Set parses text into the field of s; "" unsets it.
func (f Field) Set(s *Settings, text string) error {
	if err := f.set(s, strings.TrimSpace(text)); err != nil {
		return fmt.Errorf("%s: %w", f.Key, err)
	}
	return nil
}

func str(p func(*Settings) *string) (func(*Settings) string, func(*Settings, string) error) {
	return func(s *Settings) string { return *p(s) }, func(s *Settings, v string) error { *p(s) = v; return nil }
}

func num(p func(*Settings) *int) (func(*Settings) string, func(*Settings, string) error) {
	get := func(s *Settings) string {
		if *p(s) == 0 {
			return ""
		}
		return strconv.Itoa(*p(s))
	}
	return get, func(s *Settings, v string) error {
		if v == "" {
			*p(s) = 0
			return nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("%q is not a whole number", v)
		}
		*p(s) = n
		return nil
	}
}

func boolean(p func(*Settings) *bool) (func(*Settings) string, func(*Settings, string) error) {
	get := func(s *Settings) string { return strconv.FormatBool(*p(s)) }
	return get, func(s *Settings, v string) error {
		if v == "" {
			*p(s) = false
			return nil
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("%q is not true or false", v)
		}
		*p(s) = b
		return nil
	}
}

func list(p func(*Settings) *[]string) (func(*Settings) string, func(*Settings, string) error) {
	get := func(s *Settings) string { return strings.Join(*p(s), ", ") }
	return get, func(s *Settings, v string) error {
		var out []string
		for _, x := range strings.Split(v, ",") {
			if x = strings.TrimSpace(x); x != "" {
				out = append(out, x)
			}
		}
		*p(s) = out
		return nil
	}
}

func field(key, doc string, kind Kind, choices []string, get func(*Settings) string, set func(*Settings, string) error) Field {
	return Field{Key: key, Doc: doc, Kind: kind, Choices: choices, get: get, set: set}
}

func text(key, doc string, p func(*Settings) *string) Field {
	g, s := str(p)
	return field(key, doc, Text, nil, g, s)
}

func choice(key, doc string, words []string, p func(*Settings) *string) Field {
	g, s := str(p)
	return field(key, doc, Choice, append([]string{""}, words...), g, s)
}

func number(key, doc string, p func(*Settings) *int) Field {
	g, s := num(p)
	return field(key, doc, Number, nil, g, s)
}

func toggle(key, doc string, p func(*Settings) *bool) Field {
	g, s := boolean(p)
	return field(key, doc, Toggle, nil, g, s)
}

func several(key, doc string, p func(*Settings) *[]string) Field {
	g, s := list(p)
	return field(key, doc, List, nil, g, s)
}

// Fields are the settings file's keys in the order a new file lists them.
var Fields = []Field{
	text("name", "the agent's name (default: the manifest's, else kin)", func(s *Settings) *string { return &s.Name }),
	text("persona", "extra instructions for the agent's personality, added to the manifest's", func(s *Settings) *string { return &s.Persona }),
	text("character", "the character to show: a GLB, glTF or VRM file", func(s *Settings) *string { return &s.Character }),
	choice("provider", "language model provider: anthropic, openai, gemini, azure, ollama, ollama-cloud, lmstudio or none (default: from the API keys)",
		Providers, func(s *Settings) *string { return &s.Provider }),
	text("model", "language model name (default: the manifest's, else the provider's)", func(s *Settings) *string { return &s.Model }),
	choice("voice", "voice path: auto, openai-realtime, gemini-live, cascade or off (default auto)", VoicePaths,
		func(s *Settings) *string { return &s.Voice }),
	text("voiceName", "the voice's name at the provider (alloy, Puck, an ElevenLabs voice id)", func(s *Settings) *string { return &s.VoiceName }),
	choice("tts", "the cascaded voice's speech: espeak, openai or elevenlabs (default espeak)", TTSEngines,
		func(s *Settings) *string { return &s.TTS }),
	text("wakeWord", "a wake word recorded with kin wakeword record NAME (default: always listening)", func(s *Settings) *string { return &s.WakeWord }),
	text("talkKey", "global push-to-talk key, e.g. F9 or ctrl+space", func(s *Settings) *string { return &s.TalkKey }),
	text("microphone", "microphone name, or part of it (default: the system's)", func(s *Settings) *string { return &s.Microphone }),
	text("speaker", "speaker name, or part of it (default: the system's)", func(s *Settings) *string { return &s.Speaker }),
	toggle("micMuted", "true keeps the microphone closed until you unmute it", func(s *Settings) *bool { return &s.MicMuted }),
	several("roots", "folders kin's file tools may use (default: your home without its secrets)", func(s *Settings) *[]string { return &s.Roots }),
	several("alwaysAllow", "tools that run without asking, e.g. fs_write, exec_shell", func(s *Settings) *[]string { return &s.AlwaysAllow }),
	choice("mode", "how the window starts: window, overlay or desktop (default window)", Modes, func(s *Settings) *string { return &s.Mode }),
	number("fps", "frame-rate cap (default 60 in a window, 30 as overlay)", func(s *Settings) *int { return &s.FPS }),
	placeField(),
	choice("units", "metric or imperial (default metric)", []string{"metric", "imperial"}, func(s *Settings) *string { return &s.Units }),
	text("searxngUrl", "a SearXNG instance for web_search", func(s *Settings) *string { return &s.SearxngURL }),
	text("ipfsGateway", "the IPFS gateway for ipfs:// characters and skills (default https://ipfs.io)", func(s *Settings) *string { return &s.IPFSGateway }),
	toggle("ambientPerception", "true lets kin glance at the screen now and then and offer help", func(s *Settings) *bool { return &s.AmbientPerception }),
	number("ambientStillMinutes", "minutes of an unchanged screen before kin offers help (default 5)", func(s *Settings) *int { return &s.AmbientStillMinutes }),
	number("mcpPort", "the window's MCP server port on 127.0.0.1 (default 7317, -1 off)", func(s *Settings) *int { return &s.MCPPort }),
}

// Lookup returns the field named key.
func Lookup(key string) (Field, bool) {
	for _, f := range Fields {
		if strings.EqualFold(f.Key, key) {
			return f, true
		}
	}
	return Field{}, false
}

// keyNames lists the field names, for messages.
func keyNames() string {
	names := make([]string, len(Fields))
	for i, f := range Fields {
		names[i] = f.Key
	}
	return strings.Join(names, ", ")
}

// placeField reads and writes the location as "Name; latitude; longitude; timezone".
func placeField() Field {
	get := func(s *Settings) string {
		l := s.Location
		if l == nil {
			return ""
		}
		return fmt.Sprintf("%s; %g; %g; %s", l.Name, l.Latitude, l.Longitude, l.Timezone)
	}
	return field("location", "where you are, for the weather: Name; latitude; longitude; timezone", Place, nil, get, func(s *Settings, v string) error {
		if v == "" {
			s.Location = nil
			return nil
		}
		parts := strings.Split(v, ";")
		for len(parts) < 4 {
			parts = append(parts, "")
		}
		lat, err1 := strconv.ParseFloat(strings.TrimSpace(parts[1]), 64)
		lon, err2 := strconv.ParseFloat(strings.TrimSpace(parts[2]), 64)
		if err1 != nil || err2 != nil {
			return fmt.Errorf("%q: want \"Name; latitude; longitude; timezone\"", v)
		}
		s.Location = &Location{Name: strings.TrimSpace(parts[0]), Latitude: lat, Longitude: lon, Timezone: strings.TrimSpace(parts[3])}
		return nil
	})
}
