package engine

import "image/color"

// Colours of Markdown in the bubble (dark on light) and in the history
// panel (light on dark).
var (
	bubbleLink = color.RGBA{28, 92, 196, 255}
	bubbleCode = color.RGBA{228, 228, 234, 255}
	panelLink  = color.RGBA{140, 190, 255, 255}
	panelCode  = color.RGBA{44, 44, 58, 255}
	panelRule  = color.RGBA{90, 90, 110, 255}
)

// chatInk says which look a chat text is set in.
type chatInk uint8

const (
	inkBubble chatInk = iota // the reply in the bubble
	inkStatus                // "thinking…" in the bubble
	inkKin                   // kin's lines in the history
	inkUser                  // the user's lines in the history
)

// chatMD sets the bubble's and the history's text as Markdown, each text
// once per width and size: they are drawn every frame while shown.
type chatMD struct {
	faces mdFaces
	docs  map[chatDocKey]*mdDoc
	paint mdPainter
}

type chatDocKey struct {
	text        string
	ink         chatInk
	width, size float64
}

// bubbleLines is about how many lines of text the bubble shows; a longer
// reply shows its end (while streaming, the newest words).
const bubbleLines = 9

// maxChatDocs bounds the laid-out texts kept between frames.
const maxChatDocs = 128

// doc is text laid out in the look ink, width pixels wide, at body size
// size with s screen pixels per device-independent pixel.
func (m *chatMD) doc(text string, ink chatInk, width, size, s float64) *mdDoc {
	k := chatDocKey{text, ink, width, size}
	if d, ok := m.docs[k]; ok {
		return d
	}
	if m.docs == nil || len(m.docs) >= maxChatDocs {
		m.docs = make(map[chatDocKey]*mdDoc, maxChatDocs)
	}
	lk := chatLook(ink, size, s)
	d := layoutMarkdown(parseMarkdown(text), width, &lk, &m.faces, nil)
	m.docs[k] = d
	return d
}

// chatLook is the look of one kind of chat text.
func chatLook(ink chatInk, size, s float64) mdLook {
	lk := mdLook{size: size, scale: s, gap: 5, ink: bubbleInk, soft: faintInk, link: bubbleLink, codeBg: bubbleCode, rule: faintInk}
	switch ink {
	case inkStatus:
		lk.ink = faintInk
	case inkKin, inkUser:
		lk.ink, lk.soft, lk.link, lk.codeBg, lk.rule = kinInk, faintInk, panelLink, panelCode, panelRule
		if ink == inkUser {
			lk.ink = userInk
		}
	}
	return lk
}

// cutAt is the top of the first line at or below y, where a document
// shown from y on starts cleanly.
func (d *mdDoc) cutAt(y float64) float64 {
	cut := d.height
	for i := range d.boxes {
		if b := &d.boxes[i]; b.kind == boxText && b.y >= y {
			cut = min(cut, b.y)
		}
	}
	return cut
}
