package mcp

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

// The reference implementations, pinned.
var npmPackages = []string{"@modelcontextprotocol/server-everything@2026.8.31", "@modelcontextprotocol/sdk@1.32.2"}

// npmDir installs the reference packages once into a cache under $TMPDIR
// and returns it; it skips the test when node, npm or the registry is
// not available.
func npmDir(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: no reference implementations")
	}
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (apt-get install -y nodejs npm); skipping the reference-implementation test", tool)
		}
	}
	dir := filepath.Join(os.TempDir(), "kin-mcp-npm-"+Sanitize(strings.Join(npmPackages, "_")))
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err == nil {
		return dir
	}
	tmp, err := os.MkdirTemp(os.TempDir(), "kin-mcp-npm-install-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	args := append([]string{"install", "--no-audit", "--no-fund", "--prefix", tmp}, npmPackages...)
	if out, err := exec.CommandContext(ctx, "npm", args...).CombinedOutput(); err != nil {
		t.Skipf("npm could not install the reference implementations (offline registry?): %v\n%s", err, out)
	}
	if err := os.Rename(tmp, dir); err != nil && !os.IsExist(err) {
		if _, statErr := os.Stat(dir); statErr != nil { // another test process did not win the race either
			t.Fatal(err)
		}
	}
	return dir
}

func TestEverythingServer(t *testing.T) {
	dir := npmDir(t)
	script := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js")
	var r reports
	var log syncBuffer
	m := start(t, map[string]ServerConfig{"everything": {Type: Stdio, Command: "node", Args: []string{script, "stdio"}}},
		fastOptions(&r, &log))
	waitFor(t, "server-everything is ready", func() bool { return findTool(m, "mcp__everything__echo") != nil })

	echo := findTool(m, "mcp__everything__echo")
	if !echo.Meta.ReadOnly || !echo.Meta.ConcurrencySafe || echo.Meta.Risk != tools.Low {
		t.Errorf("echo Meta = %+v, want read-only, low risk", echo.Meta)
	}
	res, err := echo.Call(context.Background(), json.RawMessage(`{"message":"hello kin"}`))
	if err != nil || res.Text != "Echo: hello kin" {
		t.Errorf("echo = %+v, %v", res, err)
	}
	img, err := findTool(m, "mcp__everything__get-tiny-image").Call(context.Background(), nil)
	if err != nil || len(img.Images) != 1 || img.Images[0].MediaType != "image/png" ||
		!strings.HasPrefix(string(img.Images[0].Data), "\x89PNG") {
		t.Errorf("get-tiny-image = %d image(s), %v", len(img.Images), err)
	}
	if _, err := echo.Call(context.Background(), json.RawMessage(`{}`)); err == nil {
		t.Error("echo without its message did not fail")
	}
	if len(r.list()) != 0 {
		t.Errorf("reports: %v", r.list())
	}
}

// nodeResult is what testdata/node_client.mjs prints.
type nodeResult struct {
	Tools []struct {
		Name     string `json:"name"`
		ReadOnly bool   `json:"readOnly"`
	} `json:"tools"`
	Text     string  `json:"text"`
	Images   int     `json:"images"`
	Denied   *string `json:"denied"`
	Resource string  `json:"resource"`
}

func TestNodeClientAgainstKinServer(t *testing.T) {
	dir := npmDir(t)
	script, err := os.ReadFile(filepath.Join("testdata", "node_client.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	// Beside its node_modules, so that the imports resolve.
	client := filepath.Join(dir, "node_client.mjs")
	if err := os.WriteFile(client, script, 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewServer(fakeKin(nil)).Handler("tok"))
	defer srv.Close()
	exe, _ := os.Executable()
	tests := []struct {
		name string
		args []string
	}{
		{"stdio", []string{client, "stdio", exe}},
		{"http", []string{client, "http", srv.URL, "tok"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, "node", tc.args...)
			cmd.Env = append(os.Environ(), childEnv+"=kin")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("node client: %v\n%s", err, stderr.String())
			}
			var got nodeResult
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("node client printed %q: %v", out, err)
			}
			checkNodeResult(t, got)
		})
	}
}

func checkNodeResult(t *testing.T, got nodeResult) {
	t.Helper()
	var names []string
	for _, tl := range got.Tools {
		names = append(names, tl.Name)
		if tl.Name == "get_datetime" && !tl.ReadOnly {
			t.Error("get_datetime is not read-only for the node client")
		}
	}
	if !reflect.DeepEqual(names, []string{"fs_delete", "get_datetime"}) {
		t.Errorf("tools = %v", names)
	}
	if got.Text != `called get_datetime {"tz":"UTC"}` || got.Images != 1 {
		t.Errorf("call: text %q, %d image(s)", got.Text, got.Images)
	}
	if got.Denied == nil || *got.Denied != "the user did not allow fs_delete" {
		t.Errorf("denied call: %v", got.Denied)
	}
	if got.Resource != `{"name":"Kin"}` {
		t.Errorf("resource = %q", got.Resource)
	}
}
