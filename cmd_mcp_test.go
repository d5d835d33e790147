package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// buildKin builds the kin command once per test run.
func buildKin(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "kin")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// mcpSession starts `kin mcp ARGS` as a real process and connects an MCP
// client (the official Go SDK) to its stdin and stdout.
func mcpSession(t *testing.T, bin string, args ...string) *sdk.ClientSession {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"mcp"}, args...)...)
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+home, "OPENAI_API_KEY=", "ANTHROPIC_API_KEY=", "GEMINI_API_KEY=")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func callText(t *testing.T, cs *sdk.ClientSession, name, args string) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

// TestMCPServeStdio: another agent drives kin over stdio. Reading in the
// roots works, leaving them is refused, a high-risk call is refused when no
// person can confirm and runs with --yes, and the resources answer.
func TestMCPServeStdio(t *testing.T) {
	bin := buildKin(t)
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "notes.txt"), []byte("buy milk\n"), 0o600)
	cs := mcpSession(t, bin, "--data", t.TempDir(), "--root", root)
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	offered := map[string]bool{}
	for _, tl := range list.Tools {
		offered[tl.Name] = true
	}
	for name, want := range map[string]bool{"wave": true, "remember": true, "validate-model": true, "fs_list": true,
		"help": false, "spawn_subagent": false, "ask_user": false} {
		if offered[name] != want {
			t.Errorf("tool %s offered: %v, want %v", name, offered[name], want)
		}
	}
	if out, isErr := callText(t, cs, "fs_list", `{"path":"`+root+`"}`); isErr || !strings.Contains(out, "notes.txt") {
		t.Errorf("fs_list: %q %v", out, isErr)
	}
	if out, isErr := callText(t, cs, "fs_read", `{"path":"/etc/passwd"}`); !isErr || !strings.Contains(out, "outside") {
		t.Errorf("fs_read outside the roots: %q %v", out, isErr)
	}
	if out, isErr := callText(t, cs, "exec_shell", `{"command":"echo hi"}`); !isErr || !strings.Contains(out, "no person can confirm") {
		t.Errorf("exec_shell without --yes: %q %v", out, isErr)
	}
	if out, isErr := callText(t, cs, "wave", `{}`); isErr {
		t.Errorf("wave: %q", out)
	}
	for _, uri := range []string{"kin://identity", "kin://emotions"} {
		res, err := cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: uri})
		if err != nil || len(res.Contents) != 1 || !json.Valid([]byte(res.Contents[0].Text)) {
			t.Errorf("%s: %v %+v", uri, err, res)
		}
	}
	yes := mcpSession(t, bin, "--data", t.TempDir(), "--root", root, "--yes")
	if out, isErr := callText(t, yes, "exec_shell", `{"command":"echo hi from the shell","cwd":"`+root+`"}`); isErr || !strings.Contains(out, "hi from the shell") {
		t.Errorf("exec_shell with --yes: %q %v", out, isErr)
	}
}
