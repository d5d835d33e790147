package engine

import (
	"fmt"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/kin-companion/kin/avatar"
)

// TestLook renders a model for a person to look at: set KIN_LOOK=out.png
// and KIN_LOOK_MODEL; optional KIN_LOOK_SIZE=WxH, KIN_LOOK_PORTRAIT=1,
// KIN_LOOK_FRAMES=N, KIN_LOOK_ZOOM, KIN_LOOK_YAW, KIN_LOOK_PITCH,
// KIN_LOOK_EXPR=name=w,name=w.
func TestLook(t *testing.T) {
	out := os.Getenv("KIN_LOOK")
	if out == "" {
		t.Skip("set KIN_LOOK and KIN_LOOK_MODEL to render a model")
	}
	m, err := avatar.Load(os.Getenv("KIN_LOOK_MODEL"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	o := ShotOptions{Width: 480, Height: 720, Frames: 1, Portrait: os.Getenv("KIN_LOOK_PORTRAIT") != ""}
	fmt.Sscanf(os.Getenv("KIN_LOOK_SIZE"), "%dx%d", &o.Width, &o.Height)
	fmt.Sscanf(os.Getenv("KIN_LOOK_FRAMES"), "%d", &o.Frames)
	l := Prepare("look", m)
	s := l.Scene
	fmt.Sscanf(os.Getenv("KIN_LOOK_ZOOM"), "%g", &s.Orbit.Zoom)
	fmt.Sscanf(os.Getenv("KIN_LOOK_YAW"), "%g", &s.Orbit.Yaw)
	fmt.Sscanf(os.Getenv("KIN_LOOK_PITCH"), "%g", &s.Orbit.Pitch)
	if e := os.Getenv("KIN_LOOK_EXPR"); e != "" {
		for _, kv := range strings.Split(e, ",") {
			var w float32
			name, val, _ := strings.Cut(kv, "=")
			fmt.Sscanf(val, "%g", &w)
			s.SetExpression(name, w)
		}
	}
	img := RenderShot(r, l, o)
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
