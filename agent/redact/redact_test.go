package redact

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	for _, c := range []struct{ in, secret string }{
		{"key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123 here", "sk-ant-api03-abcdefghij"},
		{"OPENAI_API_KEY=sk-proj-ABCDEFGHIJKLMNOPQRSTUV", "ABCDEFGHIJKLMNOP"},
		{"export GEMINI_API_KEY=AIzaSyA1234567890abcdefghijklmnopqrstu", "AIzaSyA12345"},
		{"curl https://bob:hunter2secret@example.com/x", "hunter2secret"},
		{"https://api.example.com/v1?city=Paris&api_key=abc123def456", "abc123def456"},
		{"https://example.com/?token=zzzz9999&x=1", "zzzz9999"},
		{"Authorization: Bearer abcdefghijklmnop.qrstuv", "abcdefghijklmnop"},
		{"password: correct-horse-battery", "correct-horse-battery"},
		{`{"db_password": "p4ssw0rd!"}`, "p4ssw0rd!"},
		{"ghp_abcdefghijklmnopqrstuvwxyz0123456789", "ghp_abcdefghijklmnop"},
		{"wallet key 0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318", "4c0883a69102937d"},
		{"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----", "b3BlbnNzaC1rZXkt"},
		{"AWS key AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"},
	} {
		got := Text(c.in)
		if strings.Contains(got, c.secret) || !strings.Contains(got, Mark) {
			t.Errorf("Text(%q) = %q: secret kept", c.in, got)
		}
	}
	for _, keep := range []string{"list my documents", "https://example.com/a?q=weather+paris", "git status --short", "the token ring is a network"} {
		if got := Text(keep); got != keep {
			t.Errorf("Text(%q) = %q: changed harmless text", keep, got)
		}
	}
}

func TestJSON(t *testing.T) {
	in := json.RawMessage(`{"url":"https://u:pw12345@h/x?key=v&q=1","headers":{"Authorization":"Bearer abc","Accept":"text/html"},"api_key":"zz","n":1.50,"list":["sk-abcdefghijklmnopqrstuvwx"],"auth":false}`)
	out := string(JSON(in))
	for _, secret := range []string{"pw12345", "Bearer abc", `"zz"`, "sk-abcdefghijklmnop"} {
		if strings.Contains(out, secret) {
			t.Errorf("JSON kept %q: %s", secret, out)
		}
	}
	for _, keep := range []string{`"Accept":"text/html"`, `"n":1.50`, `"auth":false`, "q=1"} {
		if !strings.Contains(out, keep) {
			t.Errorf("JSON lost %q: %s", keep, out)
		}
	}
	if got := string(JSON(json.RawMessage(`{"password": "hunter22`))); strings.Contains(got, "hunter22") {
		t.Errorf("malformed JSON passed through: %s", got)
	}
}

func FuzzText(f *testing.F) {
	f.Add("OPENAI_API_KEY=sk-proj-ABCDEFGHIJKLMNOPQRSTUV")
	f.Add("https://a:b@c/?token=1")
	f.Add("&token=000000&\"000000") // once redacted it stayed redactable
	f.Fuzz(func(t *testing.T, s string) {
		out := Text(s)
		if Text(out) != out {
			t.Errorf("not idempotent: %q -> %q -> %q", s, out, Text(out))
		}
	})
}
