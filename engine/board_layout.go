package engine

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// headingSizes are the heading font sizes by level, device-independent
// pixels.
var headingSizes = [...]float64{24, 20, 17, 15, 15, 15}

// layout draws the blocks into a content image cw pixels wide at scale s:
// once to measure, once to draw.
func (r *boardRender) layout(blocks []mdBlock, cw int, s float64) {
	r.loadFaces(s)
	r.width, r.scale, r.stale = cw, s, false
	p := boardPen{r: r, s: s, w: float64(max(cw, 1))}
	p.blocks(blocks)
	h := min(max(int(p.y+1), 1), maxBoardContent)
	if r.content != nil {
		r.content.Deallocate()
	}
	r.content, r.view, r.height = ebiten.NewImage(max(cw, 1), h), nil, h
	p = boardPen{r: r, s: s, w: float64(max(cw, 1)), dst: r.content}
	p.blocks(blocks)
}

// boardPen lays out blocks from the top of the content, drawing when dst
// is set and only measuring otherwise.
type boardPen struct {
	r   *boardRender
	dst *ebiten.Image
	s   float64
	w   float64 // content width
	y   float64 // next free line
}

func (p *boardPen) blocks(blocks []mdBlock) {
	for i, b := range blocks {
		if i > 0 {
			p.y += 8 * p.s
		}
		switch b.kind {
		case mdHeading:
			f := p.r.faces.bold
			f.Size = headingSizes[min(b.level, 6)-1] * p.s
			p.y += 4 * p.s
			p.para(b.text, f, 0, boardInk)
		case mdItem:
			indent := (float64(b.level)*18 + 22) * p.s
			p.text(p.r.faces.body, b.mark, indent-18*p.s, p.y, boardSoft)
			p.para(b.text, p.r.faces.body, indent, boardInk)
			p.y -= 4 * p.s // list items sit close together
		case mdCode:
			p.code(b.lines)
		case mdTable:
			p.table(b.rows)
		case mdQuote:
			top := p.y
			p.para(b.text, p.r.faces.body, 14*p.s, boardSoft)
			p.rect(0, top, 3*p.s, p.y-top, boardLine)
		case mdRule:
			p.rect(0, p.y+4*p.s, p.w, p.s, boardLine)
			p.y += 9 * p.s
		default:
			p.para(b.text, p.r.faces.body, 0, boardInk)
		}
	}
}

// para draws wrapped text from x to the right edge.
func (p *boardPen) para(s string, f *text.GoTextFace, x float64, c color.RGBA) {
	lh := f.Size * 1.4
	for _, line := range wrap(s, f, p.w-x) {
		p.text(f, line, x, p.y, c)
		p.y += lh
	}
}

// code draws a code block on a tinted background, long lines cut.
func (p *boardPen) code(lines []string) {
	f := p.r.faces.mono
	lh, pad := f.Size*1.35, 8*p.s
	p.rect(0, p.y, p.w, lh*float64(len(lines))+2*pad, boardCodeC)
	p.y += pad
	for _, l := range lines {
		if p.dst != nil {
			p.text(f, fit(l, f, p.w-2*pad), pad, p.y, boardInk)
		}
		p.y += lh
	}
	p.y += pad
}

// table draws a grid with a bold header row; columns share the width in
// proportion to their widest cell, and cells too wide are cut.
func (p *boardPen) table(rows [][]string) {
	body, bold := p.r.faces.body, p.r.faces.bold
	bold.Size = body.Size
	cols := 0
	for _, row := range rows {
		cols = max(cols, len(row))
	}
	pad := 6 * p.s
	want := make([]float64, cols)
	total := 0.0
	for _, row := range rows {
		for i, c := range row {
			w, _ := text.Measure(c, bold, 0)
			want[i] = max(want[i], w+2*pad)
		}
	}
	for _, w := range want {
		total += w
	}
	k := min(1, p.w/max(total, 1))
	lh := body.Size * 1.6
	for ri, row := range rows {
		f := body
		if ri == 0 {
			f = bold
			p.rect(0, p.y, total*k, lh, boardCodeC)
		}
		x := 0.0
		for i := range cols {
			cell := ""
			if i < len(row) {
				cell = row[i]
			}
			p.text(f, fit(cell, f, want[i]*k-2*pad), x+pad, p.y+(lh-f.Size*1.3)/2, boardInk)
			x += want[i] * k
		}
		p.y += lh
		p.rect(0, p.y-p.s, total*k, p.s, boardLine)
	}
}

// text draws one line at (x, y) when drawing.
func (p *boardPen) text(f *text.GoTextFace, s string, x, y float64, c color.RGBA) {
	if p.dst != nil && strings.TrimSpace(s) != "" {
		drawText(p.dst, f, s, x, y, c)
	}
}

// rect fills a rectangle when drawing.
func (p *boardPen) rect(x, y, w, h float64, c color.RGBA) {
	if p.dst != nil {
		vector.FillRect(p.dst, float32(x), float32(y), float32(w), float32(h), c, false)
	}
}
