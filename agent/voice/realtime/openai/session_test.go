package openai_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/agent/voice/realtime/openai"
	"github.com/kin-companion/kin/agent/voice/realtime/openai/openaitest"
	rt "github.com/kin-companion/kin/agent/voice/realtime/realtimetest"
)

// harness runs one session against a fake server.
type harness struct {
	srv     *openaitest.Server
	player  *audio.Player
	speaker *rt.Speaker
	tools   *rt.Tools
	sleep   *rt.NoSleep
	bus     *protocol.Bus
	sub     *protocol.Subscription
	session *realtime.Session

	mu          sync.Mutex
	transcripts []string
}

func newHarness(t testing.TB, turns ...openaitest.Turn) *harness {
	h := &harness{srv: openaitest.New("sk-test", turns...), tools: &rt.Tools{}, sleep: &rt.NoSleep{},
		bus: protocol.New("kin")}
	t.Cleanup(h.srv.Close)
	h.sub = h.bus.Subscribe()
	h.player = audio.NewPlayer(audio.PlaybackRate, audio.LevelsTo(h.bus))
	h.session = &realtime.Session{
		Dialer:         &openai.Dialer{URL: h.srv.WSURL(), APIKey: "sk-test"},
		Config:         realtime.Config{Instructions: "You are Mika.", Voice: "marin"},
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

// run talks: the mic plays pcm at realtimetest.Speed, and Run must end by itself.
func (h *harness) run(t testing.TB, pcm []int16) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	dev, stop := context.WithCancel(ctx)
	defer stop()
	h.speaker = rt.Play(dev, h.player)
	if err := h.session.Run(ctx, rt.Mic(ctx, pcm)); err != nil {
		t.Fatalf("Run: %v", err)
	}
}

func (h *harness) events(typ protocol.Type) []protocol.Event {
	var out []protocol.Event
	h.sub.Drain(1<<20, func(e protocol.Event) {
		if e.Type == typ {
			out = append(out, e)
		}
	})
	return out
}

// speech is the parts spoken with gaps long enough for each reply to finish
// playing before the next part starts (so nothing barges in).
func speech(t testing.TB, parts ...string) []int16 {
	var pcm []int16
	pcm = append(pcm, rt.Silence(500*time.Millisecond)...)
	for _, p := range parts {
		pcm = append(pcm, rt.Speech(t, p, espeak.Options{Voice: "en-us", WPM: 170})...)
		pcm = append(pcm, rt.Silence(3*time.Second)...)
	}
	return pcm
}

func field(t *testing.T, raw json.RawMessage, path ...string) any {
	t.Helper()
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

// TestConversationWithTool: two spoken turns. The session is set up with the
// persona, voice, 24 kHz PCM, server VAD and the tool; the first turn is a tool
// round trip (function_call_output then response.create), the second a plain reply.
// Every reply is played in full, transcripts reach the store and the bus, and the
// status runs connecting → listening → thinking → speaking.
func TestConversationWithTool(t *testing.T) {
	t.Parallel()
	h := newHarness(t,
		openaitest.Turn{Heard: "What time is it?", Call: &openaitest.Call{Name: "get_time", Args: "{}"}, Say: "It is ten o'clock."},
		openaitest.Turn{Heard: "Thank you.", Say: "You're welcome."})
	h.run(t, speech(t, "What time is it?", "Thank you."))
	logs := h.srv.Logs()
	if len(logs) != 1 {
		t.Fatalf("%d connections", len(logs))
	}
	l := logs[0]
	if l.Model != openai.DefaultModel {
		t.Errorf("model %q", l.Model)
	}
	up := l.Of("session.update")
	if len(up) != 1 {
		t.Fatalf("%d session.update", len(up))
	}
	for path, want := range map[string]any{
		"session.type": "realtime", "session.instructions": "You are Mika.",
		"session.audio.output.voice": "marin", "session.audio.input.format.rate": 24000.0,
		"session.audio.input.format.type": "audio/pcm", "session.audio.input.turn_detection.type": "semantic_vad",
		"session.tool_choice": "auto",
	} {
		if got := field(t, up[0].Raw, strings.Split(path, ".")...); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	if tools, _ := field(t, up[0].Raw, "session", "tools").([]any); len(tools) != 1 || tools[0].(map[string]any)["name"] != "get_time" {
		t.Errorf("tools %v", tools)
	}
	if n := len(l.Of("input_audio_buffer.append")); n < 100 {
		t.Errorf("only %d appends", n)
	}
	outs := l.Of("conversation.item.create")
	if len(outs) != 1 || field(t, outs[0].Raw, "item", "type") != "function_call_output" ||
		field(t, outs[0].Raw, "item", "output") != `{"time":"10:00"}` {
		t.Fatalf("function outputs: %v", outs)
	}
	i := slices.IndexFunc(l.Events, func(e openaitest.Event) bool { return e.Type == "conversation.item.create" })
	if i+1 >= len(l.Events) || !slices.ContainsFunc(l.Events[i+1:], func(e openaitest.Event) bool { return e.Type == "response.create" }) {
		t.Error("no response.create after the function output")
	}
	if got := h.tools.Calls(); !slices.Equal(got, []string{"get_time {}"}) {
		t.Errorf("tool calls %v", got)
	}
	want := len(openaitest.ToneFor("It is ten o'clock.")) + len(openaitest.ToneFor("You're welcome."))
	if got := len(h.speaker.Audio()); got != want {
		t.Errorf("played %d samples, want %d", got, want)
	}
	wantT := []string{"user: What time is it?", "assistant: It is ten o'clock.", "user: Thank you.", "assistant: You're welcome."}
	if !slices.Equal(h.transcripts, wantT) {
		t.Errorf("transcripts %q", h.transcripts)
	}
	if len(l.Of("response.cancel"))+len(l.Of("conversation.item.truncate")) != 0 {
		t.Error("cancel or truncate without a barge-in")
	}
	var states []string
	var speaks []string
	var levels int
	h.sub.Drain(1<<20, func(e protocol.Event) {
		switch p := e.Payload.(type) {
		case protocol.PresencePayload:
			states = append(states, p.State)
		case protocol.SpeakPayload:
			speaks = append(speaks, p.Text)
		case protocol.AudioLevelPayload:
			levels++
		}
	})
	for _, s := range []string{"connecting", "listening", "thinking", "speaking", "offline"} {
		if !slices.Contains(states, s) {
			t.Errorf("status %q never shown: %v", s, states)
		}
	}
	if !slices.Equal(speaks, []string{"It is ten o'clock.", "You're welcome."}) {
		t.Errorf("speech bubbles %q", speaks)
	}
	if levels == 0 {
		t.Error("no audio-level events")
	}
}

// recordingPlayback notes what Clear reported.
type recordingPlayback struct {
	*audio.Player
	mu      sync.Mutex
	cleared []string
	heard   []time.Duration
}

func (r *recordingPlayback) Clear() (string, time.Duration) {
	item, heard := r.Player.Clear()
	r.mu.Lock()
	if item != "" {
		r.cleared, r.heard = append(r.cleared, item), append(r.heard, heard)
	}
	r.mu.Unlock()
	return item, heard
}

// TestBargeIn: the user talks over a long reply. Playback stops at once, the session
// truncates the reply's item to exactly what was played (the fake accepts it:
// conversation.item.truncated, no error), audio of the interrupted item never plays
// again, and the remembered reply is cut to the heard part.
func TestBargeIn(t *testing.T) {
	t.Parallel()
	long := "Once upon a time there was a little fox who lived at the edge of a very large forest full of tall trees."
	h := newHarness(t,
		openaitest.Turn{Heard: "Tell me a story.", Say: long},
		openaitest.Turn{Heard: "Stop.", Say: "Okay."})
	rec := &recordingPlayback{Player: h.player}
	h.session.Playback = rec
	// The second utterance starts 2 s into the 7 s reply.
	pcm := speech(t, "Tell me a story.")
	pcm = pcm[:len(pcm)-audio.Samples(3*time.Second, 16000)]
	pcm = append(pcm, rt.Silence(2500*time.Millisecond)...)
	pcm = append(pcm, rt.Speech(t, "Stop, please.", espeak.Options{Voice: "en-gb"})...)
	pcm = append(pcm, rt.Silence(1500*time.Millisecond)...)
	h.run(t, pcm)

	l := h.srv.Logs()[0]
	tr := l.Of("conversation.item.truncate")
	if len(tr) != 1 || len(rec.cleared) != 1 {
		t.Fatalf("%d truncates, %d clears", len(tr), len(rec.cleared))
	}
	if item := field(t, tr[0].Raw, "item_id"); item != rec.cleared[0] {
		t.Errorf("truncated %v, was playing %v", item, rec.cleared[0])
	}
	ms := field(t, tr[0].Raw, "audio_end_ms").(float64)
	if int64(ms) != rec.heard[0].Milliseconds() || ms <= 0 {
		t.Errorf("audio_end_ms %v, heard %v", ms, rec.heard[0])
	}
	full := audio.Duration(len(openaitest.ToneFor(long)), audio.PlaybackRate)
	if time.Duration(ms)*time.Millisecond >= full {
		t.Errorf("audio_end_ms %v is not less than the reply (%v)", ms, full)
	}
	played := len(h.speaker.Audio())
	want := audio.Samples(rec.heard[0], audio.PlaybackRate) + len(openaitest.ToneFor("Okay."))
	if played < want-480 || played > want+480 {
		t.Errorf("played %d samples, want ≈%d (heard part + second reply)", played, want)
	}
	hist := h.session.History()
	if len(hist) < 2 || !strings.HasSuffix(hist[1].Text, "…") || len(hist[1].Text) >= len(long) {
		t.Errorf("history after barge-in: %q", hist)
	}
}

// TestReconnectReinjectsContext: the connection drops after the first reply. The
// session reconnects (after a 1 s backoff), tells the model it was a silent
// reconnect and re-creates the conversation so far as items; the second turn is
// answered on the new connection.
func TestReconnectReinjectsContext(t *testing.T) {
	t.Parallel()
	h := newHarness(t,
		openaitest.Turn{Heard: "My name is Ana.", Say: "Nice to meet you, Ana."},
		openaitest.Turn{Heard: "What is my name?", Say: "Your name is Ana."})
	var once sync.Once
	h.srv.OnReplyDone = func(n int) {
		if n == 0 {
			once.Do(func() { go func() { time.Sleep(50 * time.Millisecond); h.srv.Drop() }() })
		}
	}
	h.run(t, speech(t, "My name is Ana.", "What is my name?"))
	logs := h.srv.Logs()
	if len(logs) != 2 {
		t.Fatalf("%d connections, want 2", len(logs))
	}
	if w := h.sleep.Waits(); len(w) != 1 || w[0] != time.Second {
		t.Errorf("backoff waits %v", w)
	}
	second := logs[1]
	instr, _ := field(t, second.Of("session.update")[0].Raw, "session", "instructions").(string)
	if !strings.HasPrefix(instr, "You are Mika.") || !strings.Contains(instr, realtime.SilentReconnect.Hint()) {
		t.Errorf("instructions after reconnect: %q", instr)
	}
	var ctx []string
	for _, e := range second.Of("conversation.item.create") {
		content := field(t, e.Raw, "item", "content").([]any)[0].(map[string]any)
		ctx = append(ctx, field(t, e.Raw, "item", "role").(string)+"/"+content["type"].(string)+": "+content["text"].(string))
	}
	want := []string{"user/input_text: My name is Ana.", "assistant/output_text: Nice to meet you, Ana."}
	if !slices.Equal(ctx, want) {
		t.Errorf("re-injected %q, want %q", ctx, want)
	}
	if n := len(second.Of("input_audio_buffer.append")); n == 0 {
		t.Error("no audio on the new connection")
	}
	if last := h.session.History(); len(last) != 4 || last[3].Text != "Your name is Ana." {
		t.Errorf("history %q", last)
	}
}

// TestToolRoundsAndFiller: a model that keeps calling a slow tool gets a spoken
// filler (an out-of-band response.create, conversation "none") and, past ten
// rounds, error outputs instead of more tool runs.
func TestToolRoundsAndFiller(t *testing.T) {
	t.Parallel()
	h := newHarness(t, openaitest.Turn{Heard: "Time?", Call: &openaitest.Call{Name: "get_time", Args: "{}"}, Rounds: 12, Say: "Ten."})
	h.tools.Delay = 30 * time.Millisecond
	h.session.FillerAfter = 10 * time.Millisecond
	h.session.FillerText = "Hm."
	h.run(t, speech(t, "What time is it?"))
	if n := len(h.tools.Calls()); n != realtime.MaxToolRounds {
		t.Errorf("%d tool runs, want %d", n, realtime.MaxToolRounds)
	}
	l := h.srv.Logs()[0]
	outs := l.Of("conversation.item.create")
	if len(outs) != 12 {
		t.Fatalf("%d outputs, want 12", len(outs))
	}
	if o := field(t, outs[11].Raw, "item", "output").(string); !strings.Contains(o, "limit") {
		t.Errorf("12th output %q", o)
	}
	fillers := 0
	for _, e := range l.Of("response.create") {
		if field(t, e.Raw, "response", "conversation") == "none" {
			fillers++
		}
	}
	if fillers == 0 {
		t.Error("no filler for a slow tool")
	}
	if thoughts := h.events(protocol.Think); len(thoughts) == 0 {
		t.Error("no Think event for the filler")
	}
}

func TestDialErrors(t *testing.T) {
	srv := openaitest.New("sk-right")
	defer srv.Close()
	_, err := (&openai.Dialer{URL: srv.WSURL(), APIKey: "sk-wrong"}).Dial(context.Background(), realtime.Config{})
	if err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("wrong key: %v", err)
	}
	for base, want := range map[string]string{
		"":                            openai.DefaultURL,
		"http://127.0.0.1:8080/v1":    "ws://127.0.0.1:8080/v1/realtime",
		"https://api.example.com/v1/": "wss://api.example.com/v1/realtime",
	} {
		if got, err := openai.URLFromBase(base); got != want || err != nil {
			t.Errorf("URLFromBase(%q) = %q, %v", base, got, err)
		}
	}
	if _, err := openai.URLFromBase("ftp://x"); err == nil {
		t.Error("ftp accepted")
	}
}

// TestSwitchVoice: switching voice mid-conversation reconnects with the new
// voice, the voice-switch hint and the conversation so far.
func TestSwitchVoice(t *testing.T) {
	t.Parallel()
	h := newHarness(t,
		openaitest.Turn{Heard: "My name is Ana.", Say: "Nice to meet you, Ana."},
		openaitest.Turn{Heard: "What is my name?", Say: "Your name is Ana."})
	var once sync.Once
	h.srv.OnReplyDone = func(n int) {
		if n == 0 {
			once.Do(func() {
				go func() { // once the first exchange is in the history, however slow the machine
					for deadline := time.Now().Add(10 * time.Second); len(h.session.History()) < 2 && time.Now().Before(deadline); {
						time.Sleep(10 * time.Millisecond)
					}
					h.session.SwitchVoice("cedar")
				}()
			})
		}
	}
	h.run(t, speech(t, "My name is Ana.", "What is my name?"))
	logs := h.srv.Logs()
	if len(logs) != 2 {
		t.Fatalf("%d connections, want 2 (the switch reconnects)", len(logs))
	}
	up := logs[1].Of("session.update")[0].Raw
	if v := field(t, up, "session", "audio", "output", "voice"); v != "cedar" {
		t.Errorf("voice after the switch: %v", v)
	}
	if instr, _ := field(t, up, "session", "instructions").(string); !strings.Contains(instr, realtime.VoiceSwitch.Hint()) {
		t.Errorf("instructions after the switch: %q", instr)
	}
	if n := len(logs[1].Of("conversation.item.create")); n < 2 {
		t.Errorf("%d context items re-injected, want the first exchange", n)
	}
}

// TestAnnounce: a reminder falling due during a conversation reaches the
// model as a text item it is asked to say, on the live connection.
func TestAnnounce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, openaitest.Turn{Heard: "My name is Ana.", Say: "Nice to meet you, Ana."})
	var once sync.Once
	h.srv.OnReplyDone = func(n int) {
		once.Do(func() { go h.session.Announce("Time to stretch.") })
	}
	h.run(t, speech(t, "My name is Ana."))
	found := false
	for _, e := range h.srv.Logs()[0].Of("conversation.item.create") {
		found = found || (strings.Contains(string(e.Raw), "Time to stretch.") && strings.Contains(string(e.Raw), "scheduler"))
	}
	if !found {
		t.Error("the reminder never reached the model")
	}
}
