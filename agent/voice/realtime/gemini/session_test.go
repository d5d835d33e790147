package gemini_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/agent/voice/realtime/gemini"
	"github.com/kin-companion/kin/agent/voice/realtime/gemini/geminitest"
	rt "github.com/kin-companion/kin/agent/voice/realtime/realtimetest"
)

type harness struct {
	srv     *geminitest.Server
	player  *audio.Player
	speaker *rt.Speaker
	tools   *rt.Tools
	sleep   *rt.NoSleep
	bus     *protocol.Bus
	session *realtime.Session

	mu          sync.Mutex
	transcripts []string
}

func newHarness(t testing.TB, turns ...geminitest.Turn) *harness {
	h := &harness{srv: geminitest.New("g-key", turns...), tools: &rt.Tools{}, sleep: &rt.NoSleep{}, bus: protocol.New("kin")}
	t.Cleanup(h.srv.Close)
	h.player = audio.NewPlayer(audio.PlaybackRate, audio.LevelsTo(h.bus))
	h.session = &realtime.Session{
		Dialer:         &gemini.Dialer{URL: h.srv.WSURL(), APIKey: "g-key"},
		Config:         realtime.Config{Instructions: "You are Mika.", Voice: "Kore"},
		Tools:          h.tools,
		Playback:       h.player,
		Bus:            h.bus,
		IdleAfterInput: 400 * time.Millisecond,
		Sleep:          h.sleep.Sleep,
		OnTranscript: func(tr realtime.Transcript) {
			h.mu.Lock()
			h.transcripts = append(h.transcripts, string(tr.Role)+": "+tr.Text)
			h.mu.Unlock()
		},
	}
	return h
}

func (h *harness) run(t testing.TB, pcm []int16) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	dev, stop := context.WithCancel(ctx)
	defer stop()
	h.speaker = rt.Play(dev, h.player)
	return h.session.Run(ctx, rt.Mic(ctx, pcm))
}

func speech(t testing.TB, parts ...string) []int16 {
	pcm := rt.Silence(500 * time.Millisecond)
	for _, p := range parts {
		pcm = append(pcm, rt.Speech(t, p, espeak.Options{Voice: "en+f3", WPM: 170})...)
		pcm = append(pcm, rt.Silence(3*time.Second)...)
	}
	return pcm
}

func field(raw json.RawMessage, path ...string) any {
	var v any
	json.Unmarshal(raw, &v)
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[p]
	}
	return v
}

// TestConversationWithTool: setup carries model, voice, persona, tools (as JSON
// Schema declarations), transcription and activity detection; audio goes up as
// realtimeInput at 16 kHz; a toolCall is answered by a toolResponse with the call's
// id; the 24 kHz replies (sent in binary frames) are played in full; transcripts
// arrive; the end of input is announced with audioStreamEnd.
func TestConversationWithTool(t *testing.T) {
	t.Parallel()
	h := newHarness(t,
		geminitest.Turn{Heard: "What time is it?", Call: &geminitest.Call{Name: "get_time", Args: "{}"}, Say: "It is ten."},
		geminitest.Turn{Heard: "Thanks.", Say: "Any time."})
	if err := h.run(t, speech(t, "What time is it?", "Thanks.")); err != nil {
		t.Fatal(err)
	}
	logs := h.srv.Logs()
	if len(logs) != 1 {
		t.Fatalf("%d connections", len(logs))
	}
	l := logs[0]
	setup := l.Of("setup")[0].Raw
	for path, want := range map[string]any{
		"setup.model": "models/" + gemini.DefaultModel,
		"setup.generationConfig.speechConfig.voiceConfig.prebuiltVoiceConfig.voiceName": "Kore",
		"setup.realtimeInputConfig.automaticActivityDetection.disabled":                 false,
	} {
		if got := field(setup, strings.Split(path, ".")...); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	if parts := field(setup, "setup", "systemInstruction", "parts").([]any); parts[0].(map[string]any)["text"] != "You are Mika." {
		t.Errorf("systemInstruction %v", parts)
	}
	decl := field(setup, "setup", "tools").([]any)[0].(map[string]any)["functionDeclarations"].([]any)[0].(map[string]any)
	if decl["name"] != "get_time" || decl["parametersJsonSchema"] == nil {
		t.Errorf("declaration %v", decl)
	}
	if field(setup, "setup", "inputAudioTranscription") == nil || field(setup, "setup", "outputAudioTranscription") == nil {
		t.Error("transcription not asked for")
	}
	in := l.Of("realtimeInput")
	if len(in) < 100 || field(in[0].Raw, "realtimeInput", "audio", "mimeType") != "audio/pcm;rate=16000" {
		t.Errorf("%d realtimeInput messages", len(in))
	}
	if field(in[len(in)-1].Raw, "realtimeInput", "audioStreamEnd") != true {
		t.Error("no audioStreamEnd at the end of input")
	}
	tr := l.Of("toolResponse")
	if len(tr) != 1 {
		t.Fatalf("%d tool responses", len(tr))
	}
	fr := field(tr[0].Raw, "toolResponse", "functionResponses").([]any)[0].(map[string]any)
	if fr["id"] != "fc-1" || fr["name"] != "get_time" || fr["response"].(map[string]any)["result"] != `{"time":"10:00"}` {
		t.Errorf("function response %v", fr)
	}
	want := len(geminitest.ToneFor("It is ten.")) + len(geminitest.ToneFor("Any time."))
	if got := len(h.speaker.Audio()); got != want {
		t.Errorf("played %d samples, want %d", got, want)
	}
	wantT := []string{"user: What time is it?", "assistant: It is ten.", "user: Thanks.", "assistant: Any time."}
	if !slices.Equal(h.transcripts, wantT) {
		t.Errorf("transcripts %q", h.transcripts)
	}
}

// TestClose1008Retries: the server closes with 1008 after tool responses. The
// session reconnects with backoff (1 s, 2 s), a tool-retry hint and the
// conversation as clientContent, until the call goes through.
func TestClose1008Retries(t *testing.T) {
	t.Parallel()
	h := newHarness(t, geminitest.Turn{Heard: "What time is it?", Call: &geminitest.Call{Name: "get_time", Args: "{}"}, Say: "Ten."},
		geminitest.Turn{Heard: "What time is it?", Call: &geminitest.Call{Name: "get_time", Args: "{}"}, Say: "Ten."},
		geminitest.Turn{Heard: "What time is it?", Call: &geminitest.Call{Name: "get_time", Args: "{}"}, Say: "Ten."})
	h.srv.Close1008 = 2
	// The model calls the tool again on each new connection when it hears the question again.
	pcm := speech(t, "What time is it?", "What time is it?", "What time is it?")
	if err := h.run(t, pcm); err != nil {
		t.Fatal(err)
	}
	logs := h.srv.Logs()
	if len(logs) != 3 {
		t.Fatalf("%d connections, want 3", len(logs))
	}
	if w := h.sleep.Waits(); !slices.Equal(w, []time.Duration{time.Second, 2 * time.Second}) {
		t.Errorf("waits %v", w)
	}
	for _, l := range logs[1:] {
		text := field(l.Of("setup")[0].Raw, "setup", "systemInstruction", "parts").([]any)[0].(map[string]any)["text"].(string)
		if !strings.Contains(text, realtime.ToolRetry.Hint()) {
			t.Errorf("no tool-retry hint in %q", text)
		}
		cc := l.Of("clientContent")
		if len(cc) == 0 || field(cc[0].Raw, "clientContent", "turnComplete") != false {
			t.Fatalf("no context re-injected: %v", cc)
		}
		first := field(cc[0].Raw, "clientContent", "turns").([]any)[0].(map[string]any)
		if first["role"] != "user" || !strings.Contains(string(must(json.Marshal(first))), "What time is it?") {
			t.Errorf("re-injected %v", first)
		}
	}
}

func must[T any](v T, _ error) T { return v }

// TestClose1008Capped: a server that always closes with 1008 is retried three times,
// then the session goes offline with the close error.
func TestClose1008Capped(t *testing.T) {
	t.Parallel()
	turn := geminitest.Turn{Heard: "Time?", Call: &geminitest.Call{Name: "get_time", Args: "{}"}, Say: "Ten."}
	h := newHarness(t, turn, turn, turn, turn, turn, turn)
	h.srv.Close1008 = 100
	pcm := speech(t, "What time is it?", "What time is it?", "What time is it?", "What time is it?", "What time is it?")
	err := h.run(t, pcm)
	var ce *realtime.CloseError
	if !errors.As(err, &ce) || ce.Code != 1008 || !strings.Contains(ce.Reason, "Requested entity was not found") {
		t.Fatalf("Run = %v, want the 1008 close", err)
	}
	if n := len(h.srv.Logs()); n != realtime.Max1008Retries+1 {
		t.Errorf("%d connections, want %d", n, realtime.Max1008Retries+1)
	}
	if h.session.Status() != realtime.Offline {
		t.Errorf("status %s", h.session.Status())
	}
}

// TestGoAwayResumes: after goAway the session reconnects at once with the latest
// resumption handle and re-injects nothing (the server kept the context); the next
// turn is answered on the resumed connection.
func TestGoAwayResumes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, geminitest.Turn{Heard: "Hi.", Say: "Hello!"}, geminitest.Turn{Heard: "Bye.", Say: "Goodbye!"})
	h.srv.GoAwayAfter = 0
	if err := h.run(t, speech(t, "Hi there.", "Bye now.")); err != nil {
		t.Fatal(err)
	}
	logs := h.srv.Logs()
	if len(logs) != 2 || !logs[1].Resumed || logs[0].Resumed {
		t.Fatalf("connections %d, resumed %v", len(logs), logs[1].Resumed)
	}
	if h := field(logs[1].Of("setup")[0].Raw, "setup", "sessionResumption", "handle"); h != "handle-1" {
		t.Errorf("resumed with %v", h)
	}
	if len(logs[1].Of("clientContent")) != 0 {
		t.Error("context re-injected into a resumed session")
	}
	if len(h.sleep.Waits()) != 0 {
		t.Error("backoff before a goAway reconnect")
	}
	if got := len(h.speaker.Audio()); got != len(geminitest.ToneFor("Hello!"))+len(geminitest.ToneFor("Goodbye!")) {
		t.Errorf("played %d samples", got)
	}
}

// TestInterrupted: the user speaks over a long reply; the server sends interrupted,
// playback stops at once and the rest of that turn's audio is never played.
func TestInterrupted(t *testing.T) {
	t.Parallel()
	long := "Once upon a time there was a little fox who lived at the edge of a very large forest full of tall trees."
	h := newHarness(t, geminitest.Turn{Heard: "Story.", Say: long}, geminitest.Turn{Heard: "Stop.", Say: "Okay."})
	h.srv.DeltaEvery = 20 * time.Millisecond // 100 ms of audio every 20 ms: still streaming when the user speaks
	pcm := speech(t, "Tell me a story.")
	pcm = pcm[:len(pcm)-audio.Samples(3*time.Second, 16000)]
	pcm = append(pcm, rt.Silence(2*time.Second)...)
	pcm = append(pcm, rt.Speech(t, "Stop, please.", espeak.Options{Voice: "en-gb"})...)
	pcm = append(pcm, rt.Silence(1500*time.Millisecond)...)
	if err := h.run(t, pcm); err != nil {
		t.Fatal(err)
	}
	played := len(h.speaker.Audio())
	full := len(geminitest.ToneFor(long)) + len(geminitest.ToneFor("Okay."))
	if played >= full-audio.PlaybackRate || played <= len(geminitest.ToneFor("Okay.")) {
		t.Errorf("played %d of %d samples: the interruption did not cut the story", played, full)
	}
}

func TestDialErrors(t *testing.T) {
	srv := geminitest.New("right")
	srv.Models = []string{"only-this"}
	defer srv.Close()
	_, err := (&gemini.Dialer{URL: srv.WSURL(), APIKey: "wrong"}).Dial(context.Background(), realtime.Config{})
	var ce *realtime.CloseError
	if !errors.As(err, &ce) || ce.Code != 1007 {
		t.Errorf("bad key: %v", err)
	}
	_, err = (&gemini.Dialer{URL: srv.WSURL(), APIKey: "right", Model: "nope"}).Dial(context.Background(), realtime.Config{})
	if !errors.As(err, &ce) || ce.Code != 1008 || !strings.Contains(ce.Reason, "models/nope is not found") {
		t.Errorf("unknown model: %v", err)
	}
	for base, want := range map[string]string{
		"":                       "wss://generativelanguage.googleapis.com" + gemini.Path,
		"http://127.0.0.1:9000":  "ws://127.0.0.1:9000" + gemini.Path,
		"https://proxy.example/": "wss://proxy.example" + gemini.Path,
	} {
		if got, err := gemini.URLFromBase(base); got != want || err != nil {
			t.Errorf("URLFromBase(%q) = %q, %v", base, got, err)
		}
	}
}

// TestLocalFiller: Gemini cannot speak while a tool runs, so a slow tool
// gets the locally spoken filler through the speaker.
func TestLocalFiller(t *testing.T) {
	t.Parallel()
	h := newHarness(t, geminitest.Turn{Heard: "What time is it?", Call: &geminitest.Call{Name: "get_time", Args: "{}"}, Say: "It is ten."})
	h.tools.Delay = 60 * time.Millisecond
	h.session.FillerAfter = 10 * time.Millisecond
	filler := make([]int16, 2400) // 100 ms
	for i := range filler {
		filler[i] = 8000
	}
	h.session.FillerAudio = filler
	if err := h.run(t, speech(t, "What time is it?")); err != nil {
		t.Fatal(err)
	}
	want := len(filler) + len(geminitest.ToneFor("It is ten."))
	if got := len(h.speaker.Audio()); got != want {
		t.Errorf("played %d samples, want the filler and the answer, %d", got, want)
	}
}
