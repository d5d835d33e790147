package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSimulateRefusesBadFlags: a run length or rate that cannot be
// simulated is a usage error naming the flag, at once, with nothing on
// stdout (1e18 seconds used to overflow into no steps and print a result).
func TestSimulateRefusesBadFlags(t *testing.T) {
	hello := filepath.Join("docs", "images", "hello.jsonl")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--seconds", "1e18"}, "bad --seconds 1e+18 (want 0 to 3600"},
		{[]string{"--seconds", "Inf"}, "bad --seconds +Inf"},
		{[]string{"--seconds", "NaN"}, "bad --seconds NaN"},
		{[]string{"--seconds", "-5"}, "bad --seconds -5"},
		{[]string{"--seconds", "3601"}, "bad --seconds 3601"},
		{[]string{"--fps", "0"}, "bad --fps 0 (want 1 to 240)"},
		{[]string{"--fps", "-1"}, "bad --fps -1"},
		{[]string{"--fps", "100000"}, "bad --fps 100000"},
		{[]string{"extra.jsonl"}, `unexpected argument "extra.jsonl"`},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		start := time.Now()
		code := run(append([]string{"simulate", "--events", hello}, c.args...), &out, &errb)
		if code != 2 || out.Len() != 0 || !strings.Contains(errb.String(), "kin simulate: "+c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", c.args, code, out.String(), errb.String())
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%v: took %v", c.args, took)
		}
	}
}

// TestSimulateRefusesUnusableEvents: an event the character would ignore
// (a misnamed payload field, a trigger that is no emotion) is an error
// naming the file and line and the valid names.
func TestSimulateRefusesUnusableEvents(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		line string
		want []string
	}{
		{`{"t":0,"type":"emote","payload":{"emotion":"celebration","weight":0.5}}`, []string{`unknown field "emotion"`, "trigger, weight"}},
		{`{"t":0,"type":"emote","payload":{"trigger":"rage","weight":0.5}}`, []string{`trigger "rage" is not an emotion`, "concern, celebration, patience, curiosity, empathy"}},
	}
	for i, c := range cases {
		path := filepath.Join(dir, "e.jsonl")
		if err := os.WriteFile(path, []byte(`{"t":0,"type":"speak","payload":{"text":"hi"}}`+"\n"+c.line+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := run([]string{"simulate", "--events", path, "--seconds", "0.1"}, &out, &errb)
		for _, w := range append(c.want, path+":2:") {
			if code != 1 || !strings.Contains(errb.String(), w) {
				t.Errorf("case %d: exit %d, stderr %q lacks %q", i, code, errb.String(), w)
			}
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"simulate", "--events", filepath.Join("docs", "images", "hello.jsonl"), "--seconds", "0.5"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "after 0.50s") {
		t.Errorf("docs example: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
