package avatar

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/protocol"
)

// TestReadTimelineRefuses: a line the character could not use is an error
// naming the file, the line, what is wrong and what would be right.
func TestReadTimelineRefuses(t *testing.T) {
	cases := []struct {
		name, line string
		want       []string
	}{
		{"payload field", `{"t":0,"type":"emote","payload":{"emotion":"celebration","weight":0.5}}`,
			[]string{"e.jsonl:2:", `emote payload: unknown field "emotion"`, "trigger, weight"}},
		{"trigger", `{"t":0,"type":"emote","payload":{"trigger":"rage","weight":0.5}}`,
			[]string{"e.jsonl:2:", `trigger "rage" is not an emotion`, "concern, celebration, patience, curiosity, empathy"}},
		{"no trigger", `{"t":0,"type":"emote","payload":{"weight":0.5}}`, []string{"e.jsonl:2:", `trigger ""`}},
		{"nested field", `{"t":0,"type":"skill-done","payload":{"skill":"x","result":{"succes":true}}}`,
			[]string{"e.jsonl:2:", `unknown field "result.succes"`, "success, output, sentiment, data"}},
		{"line field", `{"t":0,"type":"speak","text":"hi"}`, []string{"e.jsonl:2:", `unknown field "text"`, "t, type and payload"}},
		{"look-at target", `{"t":0,"type":"look-at","payload":{"target":"ceiling"}}`,
			[]string{"e.jsonl:2:", `target "ceiling"`, "user, camera, center, model"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadTimeline(strings.NewReader("# a comment\n"+c.line+"\n"), "e.jsonl")
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q lacks %q", err, w)
				}
			}
		})
	}
}

// TestReadTimelineAccepts: the documented examples, field names in any
// case as encoding/json takes them, and free-form args still load.
func TestReadTimelineAccepts(t *testing.T) {
	text := `{"t":0.2,"type":"emote","payload":{"Trigger":"Celebration","weight":0.5}}
{"t":0,"type":"perform-skill","payload":{"skill":"x","args":{"anything":1},"animationHint":"think"}}
{"t":0.1,"type":"skill-done","payload":{"skill":"x","result":{"success":true,"sentiment":0.5,"data":{"free":true}}}}
{"t":0.3,"type":"look-at","payload":{"target":"center"}}
{"t":0.4,"type":"stats","payload":{"run":{"turns":1,"toolCalls":{"read_file":2}}}}
{"t":0.5,"type":"validate","payload":{"errors":[1,2],"warnings":0}}
{"t":0.6,"type":"think"}
`
	evs, err := ReadTimeline(strings.NewReader(text), "e.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 7 || evs[0].Event.Type != protocol.PerformSkill || evs[2].Event.Payload != (protocol.EmotePayload{Trigger: "Celebration", Weight: 0.5}) {
		t.Errorf("events %+v", evs)
	}
	docs, _ := filepath.Glob(filepath.Join("..", "docs", "images", "*.jsonl"))
	if len(docs) == 0 {
		t.Fatal("no docs/images/*.jsonl")
	}
	for _, name := range docs {
		if _, err := ReadTimelineFile(name); err != nil {
			t.Error(err)
		}
	}
}

// TestSimulateRefusesBadRuns: Simulate refuses a step count it cannot run
// instead of overflowing into none, and runs up to its limits.
func TestSimulateRefusesBadRuns(t *testing.T) {
	ch := NewCharacter(visage(t), 1)
	for _, c := range []struct {
		seconds float64
		fps     int
	}{
		{1e18, 60}, {math.Inf(1), 60}, {math.NaN(), 60}, {-5, 60}, {MaxSimulateSeconds + 1, 60},
		{1, 0}, {1, -1}, {1, MaxSimulateFPS + 1}, {1, math.MaxInt},
	} {
		if _, err := Simulate(ch, nil, c.seconds, c.fps); err == nil || !strings.Contains(err.Error(), "want") {
			t.Errorf("Simulate(%v s, %d fps): err %v", c.seconds, c.fps, err)
		}
	}
	events := []TimedEvent{{T: 0, Event: ev(protocol.EmotePayload{Trigger: "concern", Weight: 1})}}
	st, err := Simulate(ch, events, 0, MaxSimulateFPS)
	if err != nil || st.Emotions["concern"] != 1 {
		t.Errorf("0 s: concern %v, err %v", st.Emotions["concern"], err)
	}
}
