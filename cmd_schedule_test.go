package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// kinSchedule runs `kin schedule ARGS --data data`.
func kinSchedule(t *testing.T, data string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := cmdSchedule(append(args, "--data", data), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCmdScheduleRoundTrip(t *testing.T) {
	data := t.TempDir()
	code, out, errs := kinSchedule(t, data, "add", "--message", "drink water", "--in", "2h", "--repeat", "daily", "--json")
	var added struct{ ID, Message, Repeat string }
	if code != 0 || json.Unmarshal([]byte(out), &added) != nil || added.ID == "" || !strings.HasPrefix(added.Repeat, "daily at ") {
		t.Fatalf("add: %d %q %q", code, out, errs)
	}
	at := time.Now().Add(time.Hour).Format(time.RFC3339)
	if code, out, errs := kinSchedule(t, data, "add", "--prompt", "summarise the news", "--at", at); code != 0 || !strings.HasPrefix(out, "scheduled task ") {
		t.Fatalf("add --at: %d %q %q", code, out, errs)
	}

	code, out, _ = kinSchedule(t, data, "list", "--json")
	var listed []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &listed) != nil || len(listed) != 2 {
		t.Fatalf("list --json: %d %q", code, out)
	}
	if listed[0]["prompt"] != "summarise the news" || listed[1]["id"] != added.ID || listed[1]["message"] != "drink water" || listed[1]["due"] == nil {
		t.Errorf("list --json, soonest first: %v", listed)
	}
	code, out, _ = kinSchedule(t, data, "list")
	if code != 0 || !strings.Contains(out, added.ID) || !strings.Contains(out, `say "drink water"`) || !strings.Contains(out, "once") {
		t.Errorf("list: %d %q", code, out)
	}

	if code, out, errs := kinSchedule(t, data, "cancel", added.ID); code != 0 || !strings.Contains(out, "cancelled task "+added.ID) {
		t.Errorf("cancel: %d %q %q", code, out, errs)
	}
	if code, _, errs := kinSchedule(t, data, "cancel", added.ID); code != 1 || !strings.Contains(errs, "no task has id") {
		t.Errorf("cancel again: %d %q", code, errs)
	}
	code, out, _ = kinSchedule(t, data, "list", "--json")
	if code != 0 || strings.Contains(out, added.ID) || !strings.Contains(out, "summarise the news") {
		t.Errorf("list after cancel: %d %q", code, out)
	}
}

func TestCmdScheduleErrors(t *testing.T) {
	data := t.TempDir()
	tests := []struct {
		args    []string
		code    int
		wantErr string
		wantOut string
	}{
		{[]string{"add", "--message", "x", "--in", "10 parsecs"}, 1, `in: "10 parsecs" is not a duration; write e.g. 10m, 2h, 1h30m`, ""},
		{[]string{"add", "--in", "10m"}, 1, "message: give a message", ""},
		{[]string{"add", "--message", "x", "--in", "1h", "--repeat", "whenever"}, 1, `repeat: "whenever" is not a repeat rule`, ""},
		{[]string{"add", "loose", "--in", "1h"}, 2, "takes its text as --message or --prompt", ""},
		{[]string{"add", "--colour", "red"}, 2, "flag provided but not defined", ""},
		{[]string{"cancel"}, 2, "needs the ID of one task", ""},
		{[]string{"list", "extra"}, 2, "takes no arguments", ""},
		{[]string{"reschedule"}, 2, "unknown command", ""},
		{[]string{"help"}, 0, "", "kin schedule cancel ID"},
		{[]string{}, 2, "", "kin schedule list"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errs := kinSchedule(t, data, tc.args...)
			if code != tc.code || !strings.Contains(errs, tc.wantErr) || !strings.Contains(out, tc.wantOut) {
				t.Errorf("exit %d, out %q, err %q; want exit %d, err with %q, out with %q", code, out, errs, tc.code, tc.wantErr, tc.wantOut)
			}
		})
	}
	if code, out, _ := kinSchedule(t, data, "list"); code != 0 || strings.TrimSpace(out) != "No tasks are scheduled." {
		t.Errorf("refused adds left tasks: %q", out)
	}
}
