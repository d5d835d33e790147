package xshot

import (
	"os"
	"os/exec"
	"testing"
)

// TestMain runs the tests on an X screen: without one, again under
// xvfb-run (make test runs this package without Xvfb, as it does not link
// Ebitengine).
func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" {
		if run, err := exec.LookPath("xvfb-run"); err == nil {
			cmd := exec.Command(run, append([]string{"-a", "-s", "-screen 0 320x240x24", os.Args[0]}, os.Args[1:]...)...)
			cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
			if err := cmd.Run(); err != nil {
				os.Exit(1)
			}
			os.Exit(0)
		}
	}
	os.Exit(m.Run())
}
