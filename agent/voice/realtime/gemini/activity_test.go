package gemini_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/agent/voice/realtime/gemini"
	"github.com/kin-companion/kin/agent/voice/realtime/gemini/geminitest"
)

func TestActivityReachesTheServer(t *testing.T) {
	for _, tc := range []struct {
		name string
		d    gemini.Dialer
		want string // automaticActivityDetection as protocols.md §B has it
	}{
		{"default", gemini.Dialer{},
			`{"disabled":false,"endOfSpeechSensitivity":"END_SENSITIVITY_HIGH","silenceDurationMs":500,"startOfSpeechSensitivity":"START_SENSITIVITY_LOW"}`},
		{"patient listener", gemini.Dialer{Activity: gemini.Activity{Start: gemini.StartLow, End: gemini.EndLow, SilenceMs: 900, PrefixMs: 40}},
			`{"disabled":false,"endOfSpeechSensitivity":"END_SENSITIVITY_LOW","prefixPaddingMs":40,"silenceDurationMs":900,"startOfSpeechSensitivity":"START_SENSITIVITY_LOW"}`},
		{"quick to start", gemini.Dialer{SilenceMs: 300, Activity: gemini.Activity{Start: gemini.StartHigh}},
			`{"disabled":false,"endOfSpeechSensitivity":"END_SENSITIVITY_HIGH","silenceDurationMs":300,"startOfSpeechSensitivity":"START_SENSITIVITY_HIGH"}`},
		{"off", gemini.Dialer{Activity: gemini.Activity{Disabled: true}}, `{"disabled":true}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := geminitest.New("k")
			defer srv.Close()
			d := tc.d
			d.URL, d.APIKey = srv.WSURL(), "k"
			c, err := d.Dial(context.Background(), realtime.Config{})
			if err != nil {
				t.Fatal(err)
			}
			c.Close()
			if got := string(srv.Logs()[0].Activity); got != tc.want {
				t.Errorf("automaticActivityDetection\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestActivityRejected(t *testing.T) {
	for _, a := range []gemini.Activity{{Start: "LOW"}, {End: "START_SENSITIVITY_LOW"}} {
		_, err := (&gemini.Dialer{URL: "ws://127.0.0.1:1", Activity: a}).Dial(context.Background(), realtime.Config{})
		if err == nil || !strings.Contains(err.Error(), "sensitivity") {
			t.Errorf("%+v: error %v, want one about sensitivity", a, err)
		}
	}
}

// TestFakeChecksActivity: the fake closes with 1007 on what the real server
// refuses, so a wrong shape cannot pass the tests above.
func TestFakeChecksActivity(t *testing.T) {
	for _, aad := range []string{
		`{"startOfSpeechSensitivity":"LOW"}`,
		`{"endOfSpeechSensitivity":"END_SENSITIVITY_MEDIUM"}`,
		`{"start_of_speech_sensitivity":"START_SENSITIVITY_LOW"}`,
		`{"silenceDurationMs":-1}`,
	} {
		srv := geminitest.New("k")
		ws, _, err := websocket.DefaultDialer.Dial(srv.WSURL(), map[string][]string{"x-goog-api-key": {"k"}})
		if err != nil {
			t.Fatal(err)
		}
		ws.WriteMessage(websocket.TextMessage, []byte(`{"setup":{"model":"models/`+gemini.DefaultModel+`","realtimeInputConfig":{"automaticActivityDetection":`+aad+`}}}`))
		_, _, err = ws.ReadMessage()
		var ce *websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != 1007 {
			t.Errorf("%s: got %v, want close 1007", aad, err)
		}
		ws.Close()
		srv.Close()
	}
}
