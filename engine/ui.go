package engine

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font/gofont/goregular"
)

// ui draws kin's few on-screen words: loading progress, errors and the
// overlay's menu.
type ui struct {
	face     *text.GoTextFace
	s        float64 // screen pixels per device-independent pixel (2 on a HiDPI screen)
	errMsg   string
	errUntil float64  // scene-clock-independent tick time when the error fades
	queue    []string // notices waiting for the screen, shown one after another
	wrapped  map[wrapKey][]string
}

// wrapKey identifies a wrapped text: the same words at the same width and
// size break the same way.
type wrapKey struct {
	text        string
	width, size float64
}

// maxWrapped bounds the wrapped texts kept between frames.
const maxWrapped = 256

// wrap is [wrap] with u's face, remembering its answers: text on screen is
// drawn every frame, and wrapping it again each time would allocate.
func (u *ui) wrap(s string, width float64) []string {
	k := wrapKey{s, width, u.face.Size}
	if lines, ok := u.wrapped[k]; ok {
		return lines
	}
	if u.wrapped == nil || len(u.wrapped) >= maxWrapped {
		u.wrapped = make(map[wrapKey][]string, maxWrapped)
	}
	lines := wrap(s, u.face, width)
	u.wrapped[k] = lines
	return lines
}

// errorSeconds is how long an error stays on screen.
const errorSeconds = 8

func newUI() (*ui, error) {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return nil, fmt.Errorf("engine: load font: %w", err)
	}
	return &ui{face: &text.GoTextFace{Source: src, Size: fontSize}, s: 1}, nil
}

// fontSize is the size of kin's text in device-independent pixels.
const fontSize = 14

// setScale sizes the text and spacing for s screen pixels per
// device-independent pixel.
func (u *ui) setScale(s float64) {
	if s <= 0 || s == u.s {
		return
	}
	u.s = s
	u.face.Size = fontSize * s
}

// px converts device-independent pixels to screen pixels.
func (u *ui) px(v float64) float64 { return v * u.s }

// showError puts an error on screen for errorSeconds from now, plus the
// time it takes to read. A notice or error it interrupts is shown again
// after it (up to maxQueued waiting), so that none is lost.
func (u *ui) showError(now float64, err error) { u.interrupt(now, err.Error()) }

// interrupt shows msg now, as showError does with an error's text.
func (u *ui) interrupt(now float64, msg string) {
	if u.errMsg != "" && now < u.errUntil && u.errMsg != msg && len(u.queue) < maxQueued {
		u.queue = append([]string{u.errMsg}, u.queue...)
	}
	u.show(now, msg)
}

// maxQueued bounds the messages waiting for the screen.
const maxQueued = 8

// show puts msg on screen from now for as long as it takes to read.
func (u *ui) show(now float64, msg string) {
	u.errMsg = msg
	u.errUntil = now + errorSeconds + float64(len(msg))/25
}

// notify queues notices to show one after another, each for as long as
// an error, after whatever is on screen.
func (u *ui) notify(msgs ...string) { u.queue = append(u.queue, msgs...) }

// advance shows the next queued notice once the screen is free; the game
// calls it every tick.
func (u *ui) advance(now float64) {
	if len(u.queue) > 0 && (u.errMsg == "" || now >= u.errUntil) {
		u.show(now, u.queue[0])
		u.queue = u.queue[1:]
	}
}

// message returns the line to show at time now, or "".
func (u *ui) message(now float64, ld *loader) string {
	if ld.busy() {
		return fmt.Sprintf("loading %s… %d%%", ld.name, int(ld.progress()*100))
	}
	if u.errMsg != "" && now < u.errUntil {
		return u.errMsg
	}
	return ""
}

// drawMessage draws a line of text in a rounded box at the bottom centre
// (at the top when top is set, to keep clear of the chat panel), wrapped
// to the width of dst.
func (u *ui) drawMessage(dst *ebiten.Image, msg string, top bool) {
	if msg == "" {
		return
	}
	w, h := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	lines, y0, boxH := u.messageBox(msg, w, h, top)
	lh := u.face.Size * 1.4
	vector.FillRect(dst, float32(u.px(12)), float32(y0), float32(w-u.px(24)), float32(boxH), color.RGBA{16, 16, 22, 200}, true)
	for i, line := range lines {
		op := &text.DrawOptions{}
		lw, _ := text.Measure(line, u.face, lh)
		op.GeoM.Translate((w-lw)/2, y0+u.px(8)+float64(i)*lh)
		op.ColorScale.ScaleWithColor(color.RGBA{235, 235, 240, 255})
		text.Draw(dst, line, u.face, op)
	}
}

// messageBox lays out a message on a w×h screen: its lines, and the top and
// height of its box.
func (u *ui) messageBox(msg string, w, h float64, top bool) (lines []string, y0, boxH float64) {
	lines = u.messageLines(msg, w-u.px(40))
	boxH = u.face.Size*1.4*float64(len(lines)) + u.px(16)
	y0 = h - boxH - u.px(16)
	if top {
		y0 = u.px(13) + u.face.Size*1.5 // below the presence word (see drawPresence)
	}
	return lines, y0, boxH
}

// maxMessageLines is the most lines a message box shows.
const maxMessageLines = 8

// messageLines wraps msg to width in at most maxMessageLines lines; a
// message cut short ends its last line with an ellipsis.
func (u *ui) messageLines(msg string, width float64) []string {
	lines := u.wrap(msg, width)
	if len(lines) <= maxMessageLines {
		return lines
	}
	lines = slices.Clone(lines[:maxMessageLines]) // the wrapped lines are cached
	last := []rune(lines[maxMessageLines-1])
	for len(last) > 0 {
		if w, _ := text.Measure(string(last)+"…", u.face, 0); w <= width {
			break
		}
		last = last[:len(last)-1]
	}
	lines[maxMessageLines-1] = strings.TrimRight(string(last), " ") + "…"
	return lines
}

// wrap splits s into lines no wider than width, breaking at spaces and,
// inside a word too long for a line, between runes (never inside one, so
// Greek and Cyrillic stay whole).
func wrap(s string, face *text.GoTextFace, width float64) []string {
	var lines []string
	line := ""
	fits := func(t string) bool { w, _ := text.Measure(t, face, 0); return w <= width }
	for _, word := range strings.Fields(s) {
		cand := word
		if line != "" {
			cand = line + " " + word
		}
		if fits(cand) {
			line = cand
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = ""
		for _, r := range word { // a word wider than the line
			if !fits(line+string(r)) && line != "" {
				lines = append(lines, line)
				line = ""
			}
			line += string(r)
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// menu is the overlay's right-click menu.
type menu struct {
	open  bool
	at    image.Point
	items []string
}

// Menu item height and width in device-independent pixels.
const menuItemH, menuW = 26, 150

// size returns the menu's item height and width in screen pixels at s
// screen pixels per device-independent pixel.
func (m *menu) size(s float64) (itemH, w int) {
	return int(menuItemH * s), int(menuW * s)
}

// rect returns the menu's area at scale s.
func (m *menu) rect(s float64) image.Rectangle {
	ih, w := m.size(s)
	return image.Rect(m.at.X, m.at.Y, m.at.X+w, m.at.Y+ih*len(m.items))
}

// itemAt returns the item under p at scale s, or -1.
func (m *menu) itemAt(p image.Point, s float64) int {
	if !m.open || !p.In(m.rect(s)) {
		return -1
	}
	ih, _ := m.size(s)
	return (p.Y - m.at.Y) / ih
}

// draw draws the open menu with the ui's face and scale, highlighting the
// item under the cursor.
func (m *menu) draw(dst *ebiten.Image, u *ui, cursor image.Point) {
	if !m.open {
		return
	}
	s, face := u.s, u.face
	r := m.rect(s)
	vector.FillRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), color.RGBA{24, 24, 30, 235}, true)
	hover := m.itemAt(cursor, s)
	ih, w := m.size(s)
	for i, it := range m.items {
		y := float64(m.at.Y + i*ih)
		if i == hover {
			vector.FillRect(dst, float32(r.Min.X), float32(y), float32(w), float32(ih), color.RGBA{70, 90, 140, 255}, true)
		}
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(m.at.X)+10*s, y+5*s)
		op.ColorScale.ScaleWithColor(color.White)
		text.Draw(dst, it, face, op)
	}
}
