package mcp

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestLoadConfig(t *testing.T) {
	tests := []struct {
		name, json string
		want       map[string]ServerConfig
	}{
		{"stdio", `{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "srv"], "env": {"A": "1"}}}}`,
			map[string]ServerConfig{"fs": {Type: Stdio, Command: "npx", Args: []string{"-y", "srv"}, Env: map[string]string{"A": "1"}}}},
		{"http", `{"mcpServers": {"w": {"url": "https://x.test/mcp", "headers": {"Authorization": "Bearer t"}}}}`,
			map[string]ServerConfig{"w": {Type: HTTP, URL: "https://x.test/mcp", Headers: map[string]string{"Authorization": "Bearer t"}}}},
		{"typed", `{"mcpServers": {"a": {"type": "streamable-http", "url": "http://127.0.0.1:1/"},
			"b": {"type": "stdio", "command": "b", "autoApprove": ["x"]}}}`,
			map[string]ServerConfig{"a": {Type: HTTP, URL: "http://127.0.0.1:1/"}, "b": {Type: Stdio, Command: "b"}}},
		{"disabled", `{"mcpServers": {"off": {"command": "x", "disabled": true}}}`,
			map[string]ServerConfig{"off": {Type: Stdio, Command: "x", Disabled: true}}},
		{"empty", `{}`, map[string]ServerConfig{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "mcp.json")
			os.WriteFile(path, []byte(tc.json), 0o600)
			cfg, err := LoadConfig(path)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(cfg.Servers, tc.want) {
				t.Errorf("got %#v\nwant %#v", cfg.Servers, tc.want)
			}
		})
	}
}

func TestLoadConfigErrors(t *testing.T) {
	tests := []struct {
		name, json string
		want       []string // all must appear in the error
	}{
		{"no command or url", `{"mcpServers": {"weather": {"args": []}}}`,
			[]string{"mcp.json: mcpServers.weather: needs \"command\" or \"url\""}},
		{"syntax", "{\"mcpServers\": {\n  \"a\": {\"command\": \"x\",}\n}}",
			[]string{"mcp.json:2:", "not valid JSON"}},
		{"args not a list", "{\"mcpServers\": {\n \"w\": {\"command\": \"x\", \"args\": \"-v\"}}}",
			[]string{"mcp.json:2:", "mcpServers.w.args", "expected a list, found a JSON string"}},
		{"servers not an object", `{"mcpServers": []}`,
			[]string{"mcp.json:1:", "mcpServers", "expected an object"}},
		{"both", `{"mcpServers": {"w": {"command": "x", "url": "http://a"}}}`,
			[]string{"mcpServers.w", "both"}},
		{"bad url", `{"mcpServers": {"w": {"url": "ftp://a"}}}`,
			[]string{"mcpServers.w", "not an http"}},
		{"unknown type", `{"mcpServers": {"w": {"type": "pigeon", "command": "x"}}}`,
			[]string{"mcpServers.w", `unknown type "pigeon"`}},
		{"type mismatch", `{"mcpServers": {"w": {"type": "http", "command": "x"}}}`,
			[]string{"mcpServers.w", `"type": "http"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "mcp.json")
			os.WriteFile(path, []byte(tc.json), 0o600)
			_, err := LoadConfig(path)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestLoadConfigMissingFile(t *testing.T) {
	cfg, err := LoadConfig(filepath.Join(t.TempDir(), "none.json"))
	if err != nil || len(cfg.Servers) != 0 {
		t.Fatalf("got %v, %v; want no servers and no error", cfg, err)
	}
}

func TestConfigMerge(t *testing.T) {
	a := Config{Servers: map[string]ServerConfig{"x": {Command: "a"}, "y": {Command: "a"}}}
	b := Config{Servers: map[string]ServerConfig{"y": {Command: "b"}, "z": {Command: "b"}}}
	got := a.Merge(b)
	want := map[string]ServerConfig{"x": {Command: "a"}, "y": {Command: "b"}, "z": {Command: "b"}}
	if !reflect.DeepEqual(got.Servers, want) {
		t.Errorf("got %v, want %v", got.Servers, want)
	}
	if len(a.Servers) != 2 {
		t.Error("Merge changed its receiver")
	}
	if n := got.Names(); !reflect.DeepEqual(n, []string{"x", "y", "z"}) {
		t.Errorf("Names = %v", n)
	}
}

func TestToolName(t *testing.T) {
	long := strings.Repeat("t", 80)
	tests := []struct{ server, tool, want string }{
		{"weather", "get_forecast", "mcp__weather__get_forecast"},
		{"my server.v2", "a/b", "mcp__my_server_v2__a_b"},
		{"ünï", "x", "mcp___n___x"},
		{"", "x", "mcp_____x"},
	}
	for _, tc := range tests {
		if got := ToolName(tc.server, tc.tool); got != tc.want {
			t.Errorf("ToolName(%q, %q) = %q, want %q", tc.server, tc.tool, got, tc.want)
		}
	}
	a, b := ToolName("s", long+"a"), ToolName("s", long+"b")
	if len(a) > 64 || len(b) > 64 || a == b {
		t.Errorf("long names %q and %q: want ≤ 64 bytes and distinct", a, b)
	}
	ids := uniqueNames([]string{"my.srv", "my_srv", "ok"})
	if ids["my.srv"] == ids["my_srv"] || ids["ok"] != "ok" {
		t.Errorf("uniqueNames = %v", ids)
	}
}
