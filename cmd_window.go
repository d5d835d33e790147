package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"

	"github.com/kin-companion/kin/assets"
	"github.com/kin-companion/kin/avatar"
)

// windowBinary is the companion program that holds kin's window: kin itself
// never links Ebitengine, which cannot start without a display, so that
// chat, simulate, inspect and the rest work on any machine.
const windowBinary = "kin-window"

// cmdWindow hands the window and `kin shot` to kin-window, found beside
// the kin executable or on PATH, replacing this process with it.
func cmdWindow(args []string, stdout, stderr io.Writer) int {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Fprintln(stderr, "kin: no display (DISPLAY is not set), so no window can open.\n"+
			"  Without one you can still use: kin chat, kin simulate, kin inspect (see kin help);\n"+
			"  for pictures, run under a virtual display: xvfb-run -a kin shot out.png")
		return 1
	}
	path, err := findWindowBinary()
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	err = syscall.Exec(path, append([]string{path}, args...), os.Environ())
	fmt.Fprintf(stderr, "kin: run %s: %v\n", path, err)
	return 1
}

// findWindowBinary looks beside the running executable first, then on PATH.
func findWindowBinary() (string, error) {
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), windowBinary)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	if p, err := exec.LookPath(windowBinary); err == nil {
		return p, nil
	}
	return "", errors.New("kin-window, which shows the character, is not installed beside kin or on PATH " +
		"(make build puts both in bin/; go install ./... installs both)")
}

// loadModel loads a model file, or the embedded default avatar for "".
func loadModel(path string) (*avatar.Model, error) {
	if path == "" {
		return avatar.LoadReader(bytes.NewReader(assets.DefaultAvatar), assets.DefaultAvatarName)
	}
	return avatar.Load(path)
}
