package perceive

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image/jpeg"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/provider/anthropic"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/tools"
	"github.com/kin-companion/kin/agent/tools/desktop"
)

// seeing is a Describer that records what it was shown.
type seeing struct {
	img      llm.Image
	note     string
	question string
	answer   string
	err      error
}

func (s *seeing) Describe(_ context.Context, img llm.Image, note, question string) (string, error) {
	s.img, s.note, s.question = img, note, question
	return s.answer, s.err
}

func observeFor(t *testing.T, display string, v Describer) *tools.Tool {
	t.Helper()
	d := desktop.New(desktop.Config{Display: display})
	t.Cleanup(func() { d.Close() })
	ts := Tools(Config{Screenshot: ScreenshotTool(d.Tools()), Vision: v, VisionName: "fake/vision"})
	if len(ts) != 1 || ts[0].Name != "observe_screen" {
		t.Fatalf("Tools: %v", ts)
	}
	return ts[0]
}

// TestObserveScreen: the screen's picture reaches the vision model with
// the question, and the description comes back capped and attributed.
func TestObserveScreen(t *testing.T) {
	display := needX(t)
	sess := newSession(t, display)
	sess.window("Red", 0, 0, 1280, 720, 0xff0000)
	long := strings.Repeat("red ", 2000)
	cases := []struct {
		name, args, answer, wantQuestion, wantText string
	}{
		{"general", `{}`, "A red screen.", "", "A red screen.\n(The screen as fake/vision described it"},
		{"question", `{"question":"what colour?"}`, "Red.", "what colour?", "Red."},
		{"window", `{"window":"Red"}`, "A red window.", "", "A red window."},
		{"capped", `{}`, long, "", "(description cut short)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := &seeing{answer: tc.answer}
			out, err := observeFor(t, display, v).Run(t.Context(), json.RawMessage(tc.args))
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if !strings.Contains(out, tc.wantText) || len([]rune(out)) > maxDescription+200 {
				t.Errorf("result (%d chars) lacks %q: %.200s", len(out), tc.wantText, out)
			}
			if v.question != tc.wantQuestion || !strings.Contains(v.note, "Screenshot of") {
				t.Errorf("question %q, note %q", v.question, v.note)
			}
			img, err := jpeg.Decode(bytes.NewReader(v.img.Data))
			if err != nil || v.img.MediaType != "image/jpeg" {
				t.Fatalf("picture %q: %v", v.img.MediaType, err)
			}
			r, g, b, _ := img.At(img.Bounds().Dx()/2, img.Bounds().Dy()/2).RGBA()
			if r>>8 < 200 || g>>8 > 60 || b>>8 > 60 {
				t.Errorf("the picture's middle is (%d, %d, %d), not the red window", r>>8, g>>8, b>>8)
			}
		})
	}
}

// TestObserveScreenFailures: each failure is a sentence the model can act on.
func TestObserveScreenFailures(t *testing.T) {
	display := needX(t)
	cases := []struct {
		name, display, args string
		vision              Describer
		want                string
	}{
		{"no display", "", `{}`, &seeing{answer: "x"}, "X11 display"},
		{"no such window", display, `{"window":"no window has this title"}`, &seeing{answer: "x"}, "no visible window"},
		{"vision fails", display, `{}`, &seeing{err: errors.New("model overloaded")}, "model overloaded"},
		{"bad argument", display, `{"question":7}`, &seeing{answer: "x"}, "question"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := observeFor(t, tc.display, tc.vision).Run(t.Context(), json.RawMessage(tc.args))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}

// TestObserveScreenAssess: the summary says what is sent where, at medium
// risk, and the tool is left out without a vision model.
func TestObserveScreenAssess(t *testing.T) {
	tool := observeFor(t, ":0", &seeing{})
	a := tool.Assess(json.RawMessage(`{"window":"Mail"}`))
	if a.Risk != tools.Medium || a.Summary != `send a screenshot of the window "Mail" to fake/vision to be described` {
		t.Errorf("assessment %+v", a)
	}
	if ts := Tools(Config{Screenshot: tool}); len(ts) != 0 {
		t.Errorf("tools without a vision model: %v", ts)
	}
	if d := Disclosure(30e9, "fake/vision"); !strings.Contains(d, "every 30s") || !strings.Contains(d, "sent to fake/vision") {
		t.Errorf("disclosure: %s", d)
	}
	if d := Disclosure(30e9, ""); !strings.Contains(d, "No screenshot is sent") {
		t.Errorf("disclosure without vision: %s", d)
	}
}

// TestProviderDescriber: against the faithful Anthropic fake, the picture
// travels as a screenshot result with the question, and an empty answer
// is an error that says what to do.
func TestProviderDescriber(t *testing.T) {
	srv := pt.NewAnthropic(t, pt.Script(pt.Reply{Text: "A terminal with a stack trace."}, pt.Reply{Text: ""}))
	p := ProviderDescriber{Provider: anthropic.New(anthropic.Config{APIKey: "k", BaseURL: srv.BaseURL})}
	img := llm.Image{MediaType: "image/png", Data: pngOf(t, 8, 8)}
	got, err := p.Describe(t.Context(), img, "Screenshot of the whole screen", "what went wrong?")
	if err != nil || got != "A terminal with a stack trace." {
		t.Fatalf("Describe: %q, %v", got, err)
	}
	seen := srv.Seen()[0]
	if len(seen.Images) != 1 || !bytes.Equal(seen.Images[0].Data, img.Data) ||
		!strings.Contains(seen.Messages[0].Text, "what went wrong?") {
		t.Errorf("request: %d images, first message %q", len(seen.Images), seen.Messages[0].Text)
	}
	if _, err := p.Describe(t.Context(), img, "", ""); err == nil || !strings.Contains(err.Error(), "can see") {
		t.Errorf("empty answer: %v", err)
	}
}
