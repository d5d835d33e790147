package protocol

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"
)

func TestEnvelopeJSON(t *testing.T) {
	b := New("agent-1")
	b.SetClock(func() time.Time { return time.UnixMilli(1700000000123) })
	e := b.EmitFrom("greet", SpeakPayload{Text: "hi", Sentiment: 0.5})
	data, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"speak","payload":{"text":"hi","sentiment":0.5},"timestamp":1700000000123,"agentId":"agent-1","sourceSkill":"greet"}`
	if string(data) != want {
		t.Fatalf("got  %s\nwant %s", data, want)
	}
	var back Event
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.Payload != e.Payload || back.Timestamp != e.Timestamp || back.SourceSkill != "greet" {
		t.Errorf("round trip: %+v", back)
	}
}

// TestDecodeEveryType decodes a sample payload of every type.
func TestDecodeEveryType(t *testing.T) {
	samples := map[Type]string{
		Speak: `{"text":"x","sentiment":-1}`, Think: `{"thought":"hm"}`, Gesture: `{"name":"wave","duration":1500}`,
		Emote: `{"trigger":"concern","weight":0.4}`, LookAt: `{"target":"user"}`,
		PerformSkill: `{"skill":"wave","args":{"a":1},"animationHint":"wave"}`,
		SkillDone:    `{"skill":"wave","result":{"success":true,"output":"ok","sentiment":0.6}}`,
		SkillError:   `{"skill":"wave","error":"boom"}`, Remember: `{"type":"user","content":"likes tea"}`,
		Sign: `{"message":"m","address":"0x0"}`, LoadStart: `{"uri":"a.glb"}`, LoadEnd: `{"uri":"a.glb","error":"bad"}`,
		Validate: `{"errors":["a","b"],"warnings":1}`, Presence: `{"state":"thinking"}`,
		ToolCall:   `{"tool":"fs_delete","caller":"model","risk":"high","allowed":false,"reason":"no one to ask","args":{"path":"/tmp/a"}}`,
		AudioLevel: `{"rms":0.3,"source":"user"}`, Viseme: `{"name":"aa","weight":1}`,
		Board:     `{"id":"week","title":"Week","markdown":"# Hi","width":640,"height":520}`,
		VoiceTurn: `{"path":"cascade","totalMs":900.5,"providerMs":300,"kinMs":12.5,"waitMs":588,"aecMs":8.2,"sttMs":120}`,
		Stats:     `{"run":{"turns":2,"rounds":3,"inputTokens":900,"outputTokens":80,"toolCalls":{"wave":1}}}`,
	}
	if len(samples) != len(Types()) {
		t.Fatalf("%d samples for %d types", len(samples), len(Types()))
	}
	for typ, js := range samples {
		p, err := DecodePayload(typ, []byte(js))
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		if p.EventType() != typ {
			t.Errorf("%s decoded as %s", typ, p.EventType())
		}
	}
	v, _ := DecodePayload(Validate, []byte(samples[Validate]))
	if v.(ValidatePayload).Errors != 2 || v.(ValidatePayload).Warnings != 1 {
		t.Errorf("validate counts: %+v", v)
	}
	if _, err := DecodePayload("dance", nil); err == nil {
		t.Error("unknown type accepted")
	}
	if _, err := DecodePayload(Speak, []byte(`{"text":5}`)); err == nil {
		t.Error("bad payload accepted")
	}
}

func TestOnOnceOffWildcard(t *testing.T) {
	b := New("a")
	var mu sync.Mutex
	var speaks, all, once []string
	done := make(chan struct{}, 16)
	record := func(dst *[]string) Handler {
		return func(e Event) {
			mu.Lock()
			*dst = append(*dst, fmt.Sprint(e.Type))
			mu.Unlock()
			done <- struct{}{}
		}
	}
	sp := b.On(Speak, record(&speaks))
	b.On("*", record(&all))
	b.Once(Think, record(&once))
	b.Emit(SpeakPayload{Text: "1"})
	b.Emit(ThinkPayload{Thought: "a"})
	b.Emit(ThinkPayload{Thought: "b"})
	for i := 0; i < 5; i++ { // speak: 1, wildcard: 3, once: 1
		<-done
	}
	b.Off(sp)
	b.Emit(SpeakPayload{Text: "2"})
	<-done // the wildcard sees it
	time.Sleep(10 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if len(speaks) != 1 || len(all) != 4 || len(once) != 1 {
		t.Errorf("speak %v, all %v, once %v", speaks, all, once)
	}
}

// TestPostNeverBlocks: a subscriber that never drains does not slow posters,
// keeps every must-deliver event and only the newest lossy one.
func TestPostNeverBlocks(t *testing.T) {
	b := New("a")
	s := b.Subscribe()
	start := time.Now()
	for i := 0; i < 10000; i++ {
		b.Emit(AudioLevelPayload{RMS: float64(i)})
		b.Emit(SpeakPayload{Text: fmt.Sprint(i)})
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("posting took %v", d)
	}
	if s.Len() != 10001 {
		t.Fatalf("%d waiting, want 10000 speaks + 1 audio level", s.Len())
	}
	var got []Event
	s.Drain(1<<20, func(e Event) { got = append(got, e) })
	if got[0].Payload.(SpeakPayload).Text != "0" || got[9999].Payload.(SpeakPayload).Text != "9999" {
		t.Error("must-deliver order broken")
	}
	if lvl := got[10000].Payload.(AudioLevelPayload).RMS; lvl != 9999 {
		t.Errorf("lossy slot holds %v, want the newest", lvl)
	}
}

func TestDrainBounded(t *testing.T) {
	b := New("a")
	s := b.Subscribe(Gesture)
	for i := 0; i < 10; i++ {
		b.Emit(GesturePayload{Name: "nod"})
		b.Emit(SpeakPayload{}) // not subscribed
	}
	if n := s.Drain(4, func(Event) {}); n != 4 {
		t.Errorf("drained %d, want 4", n)
	}
	if s.Len() != 6 {
		t.Errorf("%d left, want 6", s.Len())
	}
}

func TestHistoryAndRecent(t *testing.T) {
	b := New("a")
	for i := 0; i < 250; i++ {
		b.Emit(SpeakPayload{Text: fmt.Sprint(i)})
		b.Emit(VisemePayload{Name: "aa"}) // lossy: not history
	}
	b.Emit(ThinkPayload{Thought: "t"})
	h := b.History()
	if len(h) != HistorySize || h[len(h)-1].Type != Think || h[0].Payload.(SpeakPayload).Text != "51" {
		t.Fatalf("history: %d, first %+v", len(h), h[0])
	}
	r := b.Recent(Speak, 3)
	if len(r) != 3 || r[0].Payload.(SpeakPayload).Text != "247" || r[2].Payload.(SpeakPayload).Text != "249" {
		t.Errorf("recent: %+v", r)
	}
}

// TestConcurrentPosters: many goroutines post while subscribers come and go.
func TestConcurrentPosters(t *testing.T) {
	b := New("a")
	s := b.Subscribe(Speak)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 500; i++ {
				b.Emit(SpeakPayload{})
				if i%100 == 0 {
					x := b.On(Speak, func(Event) {})
					x.Close()
				}
			}
		}()
	}
	wg.Wait()
	if n := s.Drain(1<<20, func(Event) {}); n != 4000 {
		t.Errorf("received %d of 4000", n)
	}
}

func BenchmarkEmit(b *testing.B) {
	bus := New("a")
	s := bus.Subscribe()
	b.ReportAllocs()
	for b.Loop() {
		bus.Emit(AudioLevelPayload{RMS: 0.5})
		s.Drain(8, func(Event) {})
	}
}
