package redact

import (
	"slices"
	"testing"
)

func TestIsSecretName(t *testing.T) {
	for _, c := range []struct {
		name   string
		secret bool
	}{
		{"OPENAI_API_KEY", true}, {"ANTHROPIC_API_KEY", true}, {"FOO_API_KEY", true}, {"foo_api_key", true},
		{"GITHUB_TOKEN", true}, {"GH_TOKEN", true}, {"NPM_TOKEN", true}, {"CLIENT_SECRET", true},
		{"DB_PASSWORD", true}, {"MYSQLPASSWORD", true}, {"GPG_PASSPHRASE", true}, {"AWS_REGION", true},
		{"AWS_ACCESS_KEY_ID", true}, {"STRIPE_KEY", true}, {"DATABASE_URL", true}, {"GH_PAT", true},
		{"GOOGLE_APPLICATION_CREDENTIALS", true}, {"NPM_CONFIG__AUTH", true}, {"SLACK_BOT_TOKENS", true},
		{"PATH", false}, {"HOME", false}, {"PWD", false}, {"LANG", false}, {"TERM", false}, {"DISPLAY", false},
		{"SSH_AUTH_SOCK", false}, {"DBUS_SESSION_BUS_ADDRESS", false}, {"XDG_SESSION_TYPE", false},
		{"KEYBOARD_LAYOUT", false}, {"EDITOR", false}, {"GOPATH", false}, {"PATHEXT", false},
	} {
		if got := IsSecretName(c.name); got != c.secret {
			t.Errorf("IsSecretName(%q) = %v, want %v", c.name, got, c.secret)
		}
	}
}

func TestEnv(t *testing.T) {
	kept, dropped := Env([]string{"PATH=/bin", "FOO_API_KEY=sekrit", "EMPTY=", "MY_TOKEN=x=y", "ODD"})
	if want := []string{"PATH=/bin", "EMPTY=", "ODD"}; !slices.Equal(kept, want) {
		t.Errorf("kept %q, want %q", kept, want)
	}
	if want := []string{"FOO_API_KEY", "MY_TOKEN"}; !slices.Equal(dropped, want) {
		t.Errorf("dropped %q, want %q", dropped, want)
	}
}
