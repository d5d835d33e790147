package main

import (
	"flag"
	"io"
	"testing"
)

func TestOverlayFlag(t *testing.T) {
	tests := []struct {
		args    []string
		want    overlayFlag
		wantErr bool
	}{
		{nil, overlayFlag{}, false},
		{[]string{"--overlay"}, overlayFlag{on: true}, false},
		{[]string{"--overlay=desktop"}, overlayFlag{on: true, desktop: true}, false},
		{[]string{"--overlay=false"}, overlayFlag{}, false},
		{[]string{"--overlay=sideways"}, overlayFlag{}, true},
	}
	for _, tc := range tests {
		fs := flag.NewFlagSet("kin", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var o overlayFlag
		fs.Var(&o, "overlay", "")
		err := fs.Parse(tc.args)
		if (err != nil) != tc.wantErr || (err == nil && o != tc.want) {
			t.Errorf("%v: %+v, %v", tc.args, o, err)
		}
		if err == nil {
			if got := o.String(); got != map[overlayFlag]string{{}: "false", {on: true}: "true", {on: true, desktop: true}: "desktop"}[o] {
				t.Errorf("%v: String %q", tc.args, got)
			}
		}
	}
}
