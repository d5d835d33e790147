package desktop

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jezek/xgb"
)

// Each package run starts one Xvfb and one dbus-daemon on first need and
// stops them when the tests end.
var (
	xvfb, bus   peer
	stopTimeout = 5 * time.Second
)

// peer is a server process started for the tests.
type peer struct {
	once sync.Once
	cmd  *exec.Cmd
	addr string // display or bus address
	err  error
}

func TestMain(m *testing.M) {
	xgb.Logger = log.New(io.Discard, "", 0) // no chatter about missing ~/.Xauthority
	code := m.Run()
	xvfb.stop()
	bus.stop()
	os.Exit(code)
}

// needX returns the test X display, skipping when Xvfb is not installed.
func needX(tb testing.TB) string {
	tb.Helper()
	xvfb.once.Do(func() { xvfb.cmd, xvfb.addr, xvfb.err = startXvfb("") })
	if xvfb.err != nil {
		tb.Skipf("no test X server: %v", xvfb.err)
	}
	return xvfb.addr
}

// needBus returns the test session bus address, skipping when dbus-daemon
// is not installed.
func needBus(tb testing.TB) string {
	tb.Helper()
	bus.once.Do(func() { bus.cmd, bus.addr, bus.err = startBus() })
	if bus.err != nil {
		tb.Skipf("no test D-Bus daemon: %v", bus.err)
	}
	return bus.addr
}

func (p *peer) stop() {
	if p.cmd != nil {
		stopProcess(p.cmd)
	}
}

// stopProcess ends a server with SIGTERM (so Xvfb removes its lock file),
// then SIGKILL if it lingers.
func stopProcess(cmd *exec.Cmd) {
	_ = cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(stopTimeout):
		_ = cmd.Process.Kill()
		<-done
	}
}

// startXvfb starts a 1920x1080x24 Xvfb on display (e.g. ":42") or, when
// empty, on a free display it reports through -displayfd. -noreset keeps
// it from restarting, and refusing connections meanwhile, each time its
// last client leaves.
func startXvfb(display string) (*exec.Cmd, string, error) {
	if _, err := exec.LookPath("Xvfb"); err != nil {
		return nil, "", fmt.Errorf("Xvfb is not installed (apt-get install xvfb)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, "", err
	}
	defer r.Close()
	args := []string{"-displayfd", "3", "-screen", "0", "1920x1080x24", "-nolisten", "tcp", "-noreset"}
	if display != "" {
		args = append([]string{display}, args...)
	}
	cmd := exec.Command("Xvfb", args...)
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		w.Close()
		return nil, "", fmt.Errorf("start Xvfb: %w", err)
	}
	w.Close()
	line, err := firstLine(r, 10*time.Second)
	if err != nil {
		stopProcess(cmd)
		return nil, "", fmt.Errorf("Xvfb did not report its display: %w", err)
	}
	return cmd, ":" + line, nil
}

// startBus starts a private session bus and returns its address.
func startBus() (*exec.Cmd, string, error) {
	if _, err := exec.LookPath("dbus-daemon"); err != nil {
		return nil, "", fmt.Errorf("dbus-daemon is not installed (apt-get install dbus)")
	}
	cmd := exec.Command("dbus-daemon", "--session", "--print-address", "--nofork")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", fmt.Errorf("start dbus-daemon: %w", err)
	}
	line, err := firstLine(out, 10*time.Second)
	if err != nil {
		stopProcess(cmd)
		return nil, "", fmt.Errorf("dbus-daemon did not print its address: %w", err)
	}
	return cmd, line, nil
}

// firstLine reads one trimmed line from f within d.
func firstLine(f interface{ Read([]byte) (int, error) }, d time.Duration) (string, error) {
	ch := make(chan string, 1)
	errc := make(chan error, 1)
	go func() {
		s, err := bufio.NewReader(f).ReadString('\n')
		if err != nil {
			errc <- err
			return
		}
		ch <- strings.TrimSpace(s)
	}()
	select {
	case s := <-ch:
		return s, nil
	case err := <-errc:
		return "", err
	case <-time.After(d):
		return "", fmt.Errorf("nothing within %s", d)
	}
}
