package desktop

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed open.md
var openDescription string

var openSchema = json.RawMessage(`{"type":"object","properties":{
 "target":{"type":"string","description":"An http(s) or mailto URL, or a file or folder path"}},"required":["target"]}`)

// openWait is how long open waits for the opener to fail before reporting
// that the application is starting.
const openWait = time.Second

var schemeRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// target is a vetted argument for the opener.
type target struct {
	arg  string // what the opener gets
	file bool
}

func (d *Desktop) openTool() *tools.Tool {
	return &tools.Tool{Name: "open", Description: openDescription, Schema: openSchema,
		Meta: tools.Meta{Risk: tools.Medium},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[struct{ Target string }]("open", args, openSchema)
			if err != nil {
				return "", err
			}
			t, err := d.resolve(a.Target)
			if err != nil {
				return "", fmt.Errorf("open: %w", err)
			}
			return d.open(ctx, t)
		},
		Assess: func(args json.RawMessage) tools.Assessment { return d.assessOpen(args) }}
}

// assessOpen names the target; opening a program or launcher file
// (executable, .desktop) is high risk, since it may run it.
func (d *Desktop) assessOpen(args json.RawMessage) tools.Assessment {
	a, _ := tools.Decode[struct{ Target string }]("open", args, openSchema)
	t, err := d.resolve(a.Target)
	if err != nil {
		return tools.Assessment{Summary: fmt.Sprintf("open %q (refused: %v)", a.Target, err)}
	}
	if !t.file {
		return tools.Assessment{Scope: t.arg, Summary: "open " + t.arg + " with the default application"}
	}
	as := tools.Assessment{Scope: t.arg, Summary: "open the file " + t.arg + " with its default application"}
	if fi, err := os.Stat(t.arg); err == nil && !fi.IsDir() &&
		(fi.Mode()&0o111 != 0 || strings.EqualFold(filepath.Ext(t.arg), ".desktop")) {
		as.Risk = tools.High
		as.Summary += " (it is a program or launcher, so opening it may run it)"
	}
	return as
}

// resolve vets a target: http(s) and mailto URLs pass; any other scheme is
// refused; anything else is a path that must exist (through Confine when set).
func (d *Desktop) resolve(s string) (target, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return target{}, fmt.Errorf("the target argument is missing or empty; give a URL or a file path")
	}
	if schemeRE.MatchString(s) {
		return checkURL(s)
	}
	p, err := d.confine(s)
	if err != nil {
		return target{}, err
	}
	if _, err := os.Stat(p); err != nil {
		return target{}, fmt.Errorf("there is no file or folder at %s", p)
	}
	return target{arg: p, file: true}, nil
}

func checkURL(s string) (target, error) {
	u, err := url.Parse(s)
	if err != nil {
		return target{}, fmt.Errorf("%q is not a valid URL: %v", s, err)
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
		if u.Host == "" {
			return target{}, fmt.Errorf("the URL %q has no host name", s)
		}
		return target{arg: s}, nil
	case "mailto":
		return target{arg: s}, nil
	}
	return target{}, fmt.Errorf("open does not open %s: URLs; it takes http(s) and mailto URLs, "+
		"and files as plain paths", strings.ToLower(u.Scheme))
}

// confine makes p absolute (expanding ~) and passes it through Config.Confine.
func (d *Desktop) confine(p string) (string, error) {
	if rest, ok := strings.CutPrefix(p, "~"); ok && (rest == "" || rest[0] == '/') {
		if home, err := os.UserHomeDir(); err == nil {
			p = home + rest
		}
	}
	if d.cfg.Confine != nil {
		return d.cfg.Confine(p)
	}
	return filepath.Abs(p)
}

// open starts the opener detached and reports its early failure, if any;
// a goroutine reaps it whenever it ends.
func (d *Desktop) open(ctx context.Context, t target) (string, error) {
	cmd := exec.Command(d.cfg.Opener, t.arg)
	detach(cmd)
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("open: %s is not installed, so kin cannot open things "+
				"(install xdg-utils)", d.cfg.Opener)
		}
		return "", fmt.Errorf("open: could not start %s: %w", d.cfg.Opener, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	timer := time.NewTimer(openWait)
	defer timer.Stop()
	select {
	case err := <-exited:
		if err != nil {
			return "", fmt.Errorf("open: %s could not open %s: %s", d.cfg.Opener, t.arg, openerFailure(err))
		}
		return "Opened " + t.arg + ".", nil
	case <-timer.C:
	case <-ctx.Done():
	}
	return "Opening " + t.arg + "; the application is starting.", nil
}

// openerFailure explains xdg-open's exit codes.
func openerFailure(err error) string {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return err.Error()
	}
	switch ee.ExitCode() {
	case 2:
		return "the file does not exist"
	case 3:
		return "no application is set up to open it"
	case 4:
		return "the application failed to open it"
	}
	return err.Error()
}
