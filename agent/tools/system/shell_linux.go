//go:build linux

package system

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

const (
	termGrace   = time.Second            // from SIGTERM to SIGKILL
	killSlack   = 300 * time.Millisecond // after SIGKILL, for the pipes to close
	lingerGrace = time.Second            // after the shell exits, for its output to close
)

// job is one running command: its process group and the two readers
// draining its output.
type job struct {
	cmd     *exec.Cmd
	pipes   [2]*os.File // read ends of stdout and stderr
	out     *shellOutcome
	exited  chan struct{} // closed when the shell has been reaped
	drained chan struct{} // closed when both streams reached EOF or were closed
	loud    chan struct{} // closed once the output passes OutputLimit
	printed atomic.Int64
	once    sync.Once
}

// runShell runs r.Command with /bin/sh -c in a new process group and
// returns when the command has ended and its output is closed, or, at the
// latest, shortly after its timeout: then the whole group is ended.
func runShell(ctx context.Context, r shellRun) (*shellOutcome, error) {
	budget := r.Timeout
	if d, ok := ctx.Deadline(); ok {
		budget = min(budget, time.Until(d)-termGrace-killSlack)
	}
	if budget <= 0 || ctx.Err() != nil {
		return nil, errors.New("there was no time left to run the command; try again")
	}
	j, err := start(r)
	if err != nil {
		return nil, err
	}
	defer j.pipes[0].Close()
	defer j.pipes[1].Close()
	j.out.Budget = budget
	j.out.Stop = j.supervise(ctx, budget)
	if j.out.Stop != ranToEnd {
		j.end()
	}
	select {
	case <-j.exited:
		j.out.Status = describeExit(j.cmd.ProcessState)
	default:
		j.out.Status = "exit status unknown: the shell had still not ended when the call returned"
	}
	return j.out, nil
}

func start(r shellRun) (*job, error) {
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("could not create a pipe for the output: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("could not create a pipe for the output: %w", err)
	}
	cmd := exec.Command("/bin/sh", "-c", r.Command)
	cmd.Dir, cmd.Env = r.Dir, r.Env
	cmd.Stdout, cmd.Stderr = outW, errW // stdin stays nil: /dev/null
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err = cmd.Start()
	outW.Close() // the child holds its own copies
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return nil, fmt.Errorf("could not start /bin/sh: %w", err)
	}
	j := &job{cmd: cmd, pipes: [2]*os.File{outR, errR}, out: &shellOutcome{},
		exited: make(chan struct{}), drained: make(chan struct{}), loud: make(chan struct{})}
	go func() {
		_ = cmd.Wait() // the status is read from cmd.ProcessState
		close(j.exited)
	}()
	var wg sync.WaitGroup
	wg.Add(2)
	go j.read(outR, &j.out.Stdout, &wg)
	go j.read(errR, &j.out.Stderr, &wg)
	go func() {
		wg.Wait()
		close(j.drained)
	}()
	return j, nil
}

// read drains f into c until EOF or until f is closed.
func (j *job) read(f *os.File, c *capture, wg *sync.WaitGroup) {
	defer wg.Done()
	buf := make([]byte, 32<<10)
	for {
		n, err := f.Read(buf)
		c.Write(buf[:n])
		if j.printed.Add(int64(n)) > OutputLimit {
			j.once.Do(func() { close(j.loud) })
		}
		if err != nil {
			return
		}
	}
}

// supervise waits for the shell to exit and its output to close, and says
// why it stopped waiting early.
func (j *job) supervise(ctx context.Context, budget time.Duration) stopReason {
	timer := time.NewTimer(budget)
	defer timer.Stop()
	exited, drained := j.exited, j.drained
	var linger <-chan time.Time
	for exited != nil || drained != nil {
		select {
		case <-exited:
			exited, linger = nil, time.After(lingerGrace)
		case <-drained:
			drained = nil
		case <-linger:
			return lingered
		case <-timer.C:
			return timedOut
		case <-ctx.Done():
			return cancelled
		case <-j.loud:
			return tooLoud
		}
	}
	return ranToEnd
}

// end stops the whole process group: SIGTERM (and SIGCONT, so stopped
// members see it), then SIGKILL after termGrace; the pipes are closed if
// a process that left the group still holds them.
func (j *job) end() {
	pgid := j.cmd.Process.Pid
	_ = syscall.Kill(-pgid, syscall.SIGTERM)
	_ = syscall.Kill(-pgid, syscall.SIGCONT)
	if !waitAll(termGrace, j.exited, j.drained) {
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		waitAll(killSlack, j.exited, j.drained)
	}
	j.pipes[0].Close()
	j.pipes[1].Close()
	<-j.drained // prompt: the reads fail once the pipes are closed
	waitAll(killSlack, j.exited)
}

// waitAll reports whether every channel closed within d.
func waitAll(d time.Duration, chs ...chan struct{}) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	for _, ch := range chs {
		select {
		case <-ch:
		case <-timer.C:
			return false
		}
	}
	return true
}

// describeExit says how the shell ended.
func describeExit(ps *os.ProcessState) string {
	if ps == nil {
		return "exit status unknown: the shell could not be waited for"
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return fmt.Sprintf("killed by signal %s", signalName(ws.Signal()))
	}
	return fmt.Sprintf("exit code %d", ps.ExitCode())
}
