package skill

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// DefaultRunTimeout bounds a program handler that sets no timeout.
const DefaultRunTimeout = 30 * time.Second

// maxProgramOutput caps what a program may print on stdout.
const maxProgramOutput = 1 << 20

// program runs a bundle's executable: the arguments as JSON on stdin, a
// result {success, output, sentiment, data} as JSON on stdout.
type program struct {
	skill   string
	path    string // absolute
	dir     string // the bundle's folder, the working directory
	timeout time.Duration
}

// run starts the program with a small environment (no API keys of kin's
// own), stops it with its children at the timeout, and reads its result.
func (p program) run(ctx context.Context, args json.RawMessage) (Result, error) {
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	cmd := exec.CommandContext(ctx, p.path)
	cmd.Dir = p.dir
	cmd.Env = programEnv(p.dir)
	cmd.Stdin = bytes.NewReader(args)
	stdout := &capped{max: maxProgramOutput}
	stderr := &capped{max: 4 << 10}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = time.Second
	ownGroup(cmd)
	err := cmd.Run()
	if ctx.Err() != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return Result{}, fmt.Errorf("%s: its program took longer than %v and was stopped", p.skill, p.timeout)
		}
		return Result{}, fmt.Errorf("%s: stopped: %w", p.skill, ctx.Err())
	}
	if err != nil {
		return Result{}, fmt.Errorf("%s: its program %s failed (%v)%s", p.skill, filepath.Base(p.path), err, said(stderr))
	}
	if stdout.over {
		return Result{}, fmt.Errorf("%s: its program printed more than %d KB; a result must be one small JSON object", p.skill, maxProgramOutput>>10)
	}
	return parseProgramResult(p.skill, stdout.Bytes())
}

// parseProgramResult reads the JSON result; "success" may be left out and
// then counts as true (the program exited 0).
func parseProgramResult(skill string, out []byte) (Result, error) {
	var r struct {
		Success   *bool           `json:"success"`
		Output    string          `json:"output"`
		Sentiment float64         `json:"sentiment"`
		Data      json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(out), &r); err != nil {
		return Result{}, fmt.Errorf("%s: its program did not print a JSON result {\"success\",\"output\",\"sentiment\",\"data\"} (%v); it printed %q",
			skill, err, capText(string(out), 300))
	}
	ok := r.Success == nil || *r.Success
	return Result{Success: ok, Output: r.Output, Sentiment: r.Sentiment, Data: r.Data}, nil
}

// programEnv is the environment a program runs with.
func programEnv(dir string) []string {
	env := []string{"KIN_SKILL_DIR=" + dir}
	for _, k := range []string{"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "USER"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// said is stderr's text as the end of an error message.
func said(stderr *capped) string {
	s := strings.TrimSpace(stderr.String())
	if s == "" {
		return ""
	}
	return ": " + s
}

// capped keeps at most max bytes and notes that more came.
type capped struct {
	bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.Len(); room < len(p) {
		c.over = true
		c.Buffer.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return c.Buffer.Write(p)
}
