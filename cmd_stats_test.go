package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/store"
)

// seedStats writes counts into a store at data, as the companion does
// after each turn.
func seedStats(t *testing.T, data string) {
	t.Helper()
	now := time.Date(2026, 3, 14, 15, 9, 0, 0, time.UTC)
	db, err := store.Open(store.Options{Dir: data, GCInterval: -1, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, a := range []struct {
		session string
		d       store.RunStats
	}{
		{"a", store.RunStats{Turns: 1, Rounds: 3, InputTokens: 200, OutputTokens: 20, ToolCalls: map[string]int{"wave": 1, "fs_read": 2}}},
		{"b", store.RunStats{Turns: 1, Rounds: 1, InputTokens: 100, OutputTokens: 10}},
	} {
		now = now.Add(time.Hour)
		if err := db.Stats().Add(a.session, a.d); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCmdStats(t *testing.T) {
	data := t.TempDir()
	empty := t.TempDir()
	seedStats(t, data)
	tests := []struct {
		name       string
		args       []string
		code       int
		out, noOut string
	}{
		{"text", []string{"--data", data}, 0, "total: 2 turns, 4 model calls, 300 tokens in, 30 out; tools: fs_read 2, wave 1\nlatest sessions:\n", ""},
		{"one session", []string{"--sessions", "1", "--data=" + data}, 0, "1 turn, 1 model call, 100 tokens in, 10 out\n", "3 model calls"},
		{"empty store", []string{"--data", empty}, 0, "no conversations counted yet", "total"},
		{"stray argument", []string{"--data", data, "now"}, 2, "", "total"},
		{"bad sessions", []string{"--data", data, "--sessions", "-1"}, 2, "", "total"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := cmdStats(tt.args, &out, &errb)
			if code != tt.code || !strings.Contains(out.String(), tt.out) || (tt.noOut != "" && strings.Contains(out.String(), tt.noOut)) {
				t.Errorf("code %d, out:\n%s\nerr: %s", code, out.String(), errb.String())
			}
		})
	}
}

func TestCmdStatsJSON(t *testing.T) {
	data := t.TempDir()
	seedStats(t, data)
	var out, errb bytes.Buffer
	if code := cmdStats([]string{"--json", "--data", data}, &out, &errb); code != 0 {
		t.Fatalf("code %d: %s", code, errb.String())
	}
	var rep struct {
		Total    store.RunStats
		Sessions []store.Session
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || rep.Total.Turns != 2 || rep.Total.ToolCalls["fs_read"] != 2 ||
		len(rep.Sessions) != 2 || rep.Sessions[0].ID != "b" || rep.Sessions[1].Rounds != 3 {
		t.Errorf("json: %v\n%s", err, out.String())
	}
}
