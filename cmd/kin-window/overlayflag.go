package main

import "fmt"

// overlayFlag is --overlay: alone (or =true) the character-sized overlay,
// =desktop the full-screen desktop canvas, =false (the default) a window.
type overlayFlag struct {
	on, desktop bool
}

// IsBoolFlag lets --overlay stand alone.
func (o *overlayFlag) IsBoolFlag() bool { return true }

// String implements flag.Value.
func (o *overlayFlag) String() string {
	switch {
	case o == nil || !o.on:
		return "false"
	case o.desktop:
		return "desktop"
	}
	return "true"
}

// Set implements flag.Value.
func (o *overlayFlag) Set(v string) error {
	switch v {
	case "true", "1", "character":
		*o = overlayFlag{on: true}
	case "desktop":
		*o = overlayFlag{on: true, desktop: true}
	case "false", "0":
		*o = overlayFlag{}
	default:
		return fmt.Errorf("want --overlay (the character alone) or --overlay=desktop (a canvas over the whole screen), not %q", v)
	}
	return nil
}
