package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/tools"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// childEnv selects what the re-executed test binary becomes: a real MCP
// peer in its own process, speaking over its stdin and stdout.
const childEnv = "KIN_MCP_TEST_CHILD"

// TestMain turns the test binary into a child MCP server when asked.
func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "":
		os.Exit(m.Run())
	case "tools":
		os.Exit(toolServer())
	case "mute":
		mute()
	case "kin":
		os.Exit(kinServer())
	default:
		fmt.Fprintln(os.Stderr, "unknown child mode")
		os.Exit(2)
	}
}

// Environment of the "tools" child.
const (
	downEnv = "KIN_MCP_TEST_DOWN" // if this file exists, refuse to start
	pidEnv  = "KIN_MCP_TEST_PID"  // write the pid here
)

// child returns a ServerConfig that runs the test binary as mode.
func child(t testing.TB, mode string, env map[string]string) ServerConfig {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	e := map[string]string{childEnv: mode}
	for k, v := range env {
		e[k] = v
	}
	return ServerConfig{Type: Stdio, Command: exe, Args: []string{"-test.run=^$"}, Env: e}
}

func writePid() {
	if p := os.Getenv(pidEnv); p != "" {
		os.WriteFile(p, []byte(strconv.Itoa(os.Getpid())), 0o600)
	}
}

// toolServer is an MCP server with one tool per behaviour under test.
func toolServer() int {
	writePid()
	if d := os.Getenv(downEnv); d != "" {
		if _, err := os.Stat(d); err == nil {
			fmt.Fprintln(os.Stderr, "cannot start: the test says the server is down")
			return 1
		}
	}
	fmt.Fprintln(os.Stderr, "tools server starting") // must not reach the user's terminal
	s := sdk.NewServer(&sdk.Implementation{Name: "tools", Version: "1"}, nil)
	addPlainTools(s)
	addTroubleTools(s)
	if err := s.Run(context.Background(), &sdk.StdioTransport{}); err != nil {
		return 1
	}
	return 0
}

type msg struct {
	Message string `json:"message"`
}

func text(s string) *sdk.CallToolResult {
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: s}}}
}

// addPlainTools adds tools that answer, with each kind of annotation.
func addPlainTools(s *sdk.Server) {
	yes := true
	sdk.AddTool(s, &sdk.Tool{Name: "echo", Description: "Echoes the message.",
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}},
		func(_ context.Context, _ *sdk.CallToolRequest, in msg) (*sdk.CallToolResult, any, error) {
			return text("echo: " + in.Message), nil, nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "note.write", Description: "Writes a note."},
		func(_ context.Context, _ *sdk.CallToolRequest, in msg) (*sdk.CallToolResult, any, error) {
			return text("written"), nil, nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "note_write", Description: "Same name once sanitised."},
		func(_ context.Context, _ *sdk.CallToolRequest, in msg) (*sdk.CallToolResult, any, error) {
			return text("written too"), nil, nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "erase", Description: "Erases everything.",
		Annotations: &sdk.ToolAnnotations{DestructiveHint: &yes}},
		func(context.Context, *sdk.CallToolRequest, struct{}) (*sdk.CallToolResult, any, error) {
			return text("erased"), nil, nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "environ", Description: "Lists its environment.",
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}},
		func(context.Context, *sdk.CallToolRequest, struct{}) (*sdk.CallToolResult, any, error) {
			return text(strings.Join(os.Environ(), "\n")), nil, nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "picture", Description: "Shows a picture."},
		func(context.Context, *sdk.CallToolRequest, struct{}) (*sdk.CallToolResult, any, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "a dot"},
				&sdk.ImageContent{MIMEType: "image/png", Data: []byte("\x89PNG fake")}}}, nil, nil
		})
}

// addTroubleTools adds tools that hang, fail, crash or change the list.
func addTroubleTools(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{Name: "hang", Description: "Never answers."},
		func(ctx context.Context, _ *sdk.CallToolRequest, _ struct{}) (*sdk.CallToolResult, any, error) {
			<-ctx.Done()
			return nil, nil, ctx.Err()
		})
	sdk.AddTool(s, &sdk.Tool{Name: "fail", Description: "Fails."},
		func(context.Context, *sdk.CallToolRequest, struct{}) (*sdk.CallToolResult, any, error) {
			return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "the weather is unknowable"}}}, nil, nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "crash", Description: "Exits mid-call."},
		func(context.Context, *sdk.CallToolRequest, struct{}) (*sdk.CallToolResult, any, error) {
			fmt.Fprintln(os.Stderr, "crashing on purpose")
			os.Exit(3)
			return nil, nil, nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "grow", Description: "Adds the tool extra."},
		func(context.Context, *sdk.CallToolRequest, struct{}) (*sdk.CallToolResult, any, error) {
			sdk.AddTool(s, &sdk.Tool{Name: "extra", Description: "Appeared later."},
				func(context.Context, *sdk.CallToolRequest, struct{}) (*sdk.CallToolResult, any, error) {
					return text("extra"), nil, nil
				})
			return text("grown"), nil, nil
		})
}

// mute reads its input and never answers: a server that hangs in
// initialize.
func mute() {
	writePid()
	buf := make([]byte, 4096)
	for {
		if _, err := os.Stdin.Read(buf); err != nil {
			for {
				time.Sleep(time.Hour) // even a closed stdin does not make it leave
			}
		}
	}
}

// kinServer is kin's own server over stdio with fake tools whose calls
// report what reached Call.
func kinServer() int {
	s := NewServer(fakeKin(nil))
	if err := s.ServeStdio(context.Background(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// fakeKin returns server options with two tools; Call answers with what
// it received (and records it on calls when not nil).
func fakeKin(calls chan<- string) ServerOptions {
	ts := []*tools.Tool{
		{Name: "get_datetime", Description: "What time it is.",
			Schema: json.RawMessage(`{"type":"object","properties":{}}`),
			Meta:   tools.Meta{ReadOnly: true, Risk: tools.Low}},
		{Name: "fs_delete", Description: "Deletes a file.",
			Schema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`),
			Meta:   tools.Meta{Risk: tools.High}},
		{Name: "bad_schema", Schema: json.RawMessage(`{"type":"string"}`)}, // left out: MCP needs an object
	}
	return ServerOptions{Name: "kin", Version: "test",
		Tools: func() []*tools.Tool { return ts },
		Call: func(_ context.Context, name string, args json.RawMessage) (tools.Result, error) {
			got := name + " " + compactJSON(args)
			if calls != nil {
				calls <- got
			}
			switch name {
			case "fs_delete":
				return tools.Result{}, fmt.Errorf("the user did not allow fs_delete")
			}
			return tools.Result{Text: "called " + got,
				Images: []llm.Image{{MediaType: "image/png", Data: []byte("png")}}}, nil
		},
		Resources: []Resource{{URI: "kin://identity", Name: "identity", MIMEType: "application/json",
			Read: func(context.Context) (string, error) { return `{"name":"Kin"}`, nil }}},
	}
}
