package openai

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/kin-companion/kin/agent/voice/realtime"
	"github.com/kin-companion/kin/agent/voice/realtime/openai/openaitest"
)

func TestTurnDetectionReachesTheServer(t *testing.T) {
	for _, tc := range []struct {
		name string
		d    Dialer
		want string // turn_detection exactly as protocols.md §A has it
	}{
		{"default", Dialer{},
			`{"create_response":true,"eagerness":"auto","interrupt_response":true,"type":"semantic_vad"}`},
		{"semantic low", Dialer{Turn: TurnDetection{Eagerness: "low"}},
			`{"create_response":true,"eagerness":"low","interrupt_response":true,"type":"semantic_vad"}`},
		{"semantic high, kin interrupts", Dialer{Turn: TurnDetection{Type: SemanticVAD, Eagerness: "high", NoInterrupt: true}},
			`{"create_response":true,"eagerness":"high","interrupt_response":false,"type":"semantic_vad"}`},
		{"server vad defaults", Dialer{Turn: TurnDetection{Type: ServerVAD}},
			`{"create_response":true,"interrupt_response":true,"prefix_padding_ms":300,"silence_duration_ms":500,"threshold":0.5,"type":"server_vad"}`},
		{"server vad, old SilenceMs", Dialer{SilenceMs: 700, Turn: TurnDetection{Type: ServerVAD}},
			`{"create_response":true,"interrupt_response":true,"prefix_padding_ms":300,"silence_duration_ms":700,"threshold":0.5,"type":"server_vad"}`},
		{"server vad tuned", Dialer{Turn: TurnDetection{Type: ServerVAD, Threshold: 0.7, PrefixMs: 200, SilenceMs: 350}},
			`{"create_response":true,"interrupt_response":true,"prefix_padding_ms":200,"silence_duration_ms":350,"threshold":0.7,"type":"server_vad"}`},
		{"off", Dialer{Turn: TurnDetection{Type: NoVAD}}, `null`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := openaitest.New("k")
			defer srv.Close()
			d := tc.d
			d.URL, d.APIKey = srv.WSURL(), "k"
			c, err := d.Dial(context.Background(), realtime.Config{})
			if err != nil {
				t.Fatal(err)
			}
			c.Close()
			if got := string(srv.Logs()[0].TurnDetection); got != tc.want {
				t.Errorf("turn_detection\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestTurnDetectionRejected(t *testing.T) {
	for _, td := range []TurnDetection{{Eagerness: "eager"}, {Type: "push_to_talk"}} {
		_, err := (&Dialer{URL: "ws://127.0.0.1:1", Turn: td}).Dial(context.Background(), realtime.Config{})
		if err == nil || !strings.Contains(err.Error(), "turn detection") {
			t.Errorf("%+v: error %v, want one about turn detection", td, err)
		}
	}
}

// TestFakeChecksTurnDetection: the fake refuses what the real server refuses, so
// a wrong shape cannot pass the tests above.
func TestFakeChecksTurnDetection(t *testing.T) {
	for _, td := range []string{
		`{"type":"semantic_vad","eagerness":"sometimes"}`,
		`{"type":"semantic_vad","silence_duration_ms":500}`,
		`{"type":"server_vad","eagerness":"low"}`,
		`{"type":"client_vad"}`,
		`{"type":"server_vad","threshold":1.5}`,
	} {
		srv := openaitest.New("k")
		ws, _, err := websocket.DefaultDialer.Dial(srv.WSURL()+"?model=m", map[string][]string{"Authorization": {"Bearer k"}})
		if err != nil {
			t.Fatal(err)
		}
		ws.ReadMessage() // session.created
		ws.WriteMessage(websocket.TextMessage, []byte(`{"type":"session.update","session":{"type":"realtime","audio":{"input":{"turn_detection":`+td+`}}}}`))
		_, data, err := ws.ReadMessage()
		var ev struct{ Type string }
		json.Unmarshal(data, &ev)
		if err != nil || ev.Type != "error" {
			t.Errorf("%s: got %s %v, want an error event", td, data, err)
		}
		ws.Close()
		srv.Close()
	}
}
