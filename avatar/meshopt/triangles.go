package meshopt

import "fmt"

// triangleDecoder holds the state of the triangle codec: the next new
// vertex, the last explicitly coded one, and the recent edges and vertices.
type triangleDecoder struct {
	next, last uint32
	edges      [16][2]uint32
	edgePos    int
	verts      [16]uint32
	vertPos    int
	src        []byte
	data       int // read position in the extra data after the codes
}

func (t *triangleDecoder) edge(back int) (uint32, uint32) {
	e := t.edges[(t.edgePos-1-back)&15]
	return e[0], e[1]
}

func (t *triangleDecoder) pushEdge(a, b uint32) {
	t.edges[t.edgePos] = [2]uint32{a, b}
	t.edgePos = (t.edgePos + 1) & 15
}

// vertex returns the vertex back entries before the newest (0 = newest).
func (t *triangleDecoder) vertex(back int) uint32 { return t.verts[(t.vertPos-1-back)&15] }

func (t *triangleDecoder) pushVertex(v uint32) {
	t.verts[t.vertPos] = v
	t.vertPos = (t.vertPos + 1) & 15
}

// index reads a zigzag delta from the last explicit index.
func (t *triangleDecoder) index() uint32 {
	var v uint32
	v, t.data = varint(t.src, t.data)
	t.last += (v >> 1) ^ -(v & 1)
	return t.last
}

// DecodeIndexBuffer decodes count triangle-list indices (a multiple of 3)
// of size bytes (2 or 4) from a triangle stream (mode TRIANGLES) into dst.
func DecodeIndexBuffer(dst []byte, count, size int, src []byte) error {
	if err := checkIndexArgs(dst, count, size, Triangles); err != nil {
		return err
	}
	if err := indexHeader(src, count, triangleHeader); err != nil {
		return err
	}
	t := &triangleDecoder{src: src, data: 1 + count/3}
	for i := range t.edges {
		t.edges[i] = [2]uint32{^uint32(0), ^uint32(0)}
		t.verts[i] = ^uint32(0)
	}
	fecMax := byte(13) // version 1 codes edge+last±1 as 13 and 14
	if src[0]&0x0f == 0 {
		fecMax = 15
	}
	safeEnd := len(src) - codeAuxSize // a triangle reads at most 16 extra bytes
	aux := src[safeEnd:]
	w := indexWriter{dst, size}
	for tri := 0; tri < count/3; tri++ {
		code := src[1+tri]
		if code >= 0xfe || (code < 0xf0 && code&15 >= fecMax) {
			if t.data > safeEnd {
				return fmt.Errorf("%w: the triangle data ends after %d of %d triangles", ErrCorrupt, tri, count/3)
			}
		}
		var a, b, c uint32
		if code < 0xf0 {
			a, b, c = t.edgeTriangle(code, fecMax)
		} else if code < 0xfe {
			a, b, c = t.tableTriangle(aux[code&15])
		} else {
			a, b, c = t.explicitTriangle(code)
		}
		w.put(3*tri, a)
		w.put(3*tri+1, b)
		w.put(3*tri+2, c)
	}
	return leftoverIf("triangle", safeEnd-t.data)
}

// edgeTriangle decodes a triangle that reuses a recent edge; the low
// nibble says where the third vertex comes from.
func (t *triangleDecoder) edgeTriangle(code, fecMax byte) (a, b, c uint32) {
	a, b = t.edge(int(code >> 4))
	switch fec := code & 15; {
	case fec == 0:
		c = t.next
		t.next++
		t.pushVertex(c)
	case fec < fecMax:
		c = t.vertex(int(fec))
	case fec == 15:
		c = t.index()
		t.pushVertex(c)
	default: // 13 and 14: one below or above the last explicit index
		t.last += uint32(int32(fec)*2 - 27)
		c = t.last
		t.pushVertex(c)
	}
	t.pushEdge(c, b)
	t.pushEdge(a, c)
	return a, b, c
}

// tableTriangle decodes a triangle starting at a new vertex whose other two
// vertices are described by a byte of the lookup table.
func (t *triangleDecoder) tableTriangle(aux byte) (a, b, c uint32) {
	feb, fec := int(aux>>4), int(aux&15)
	a = t.next
	t.next++
	b, c = t.fromFifoOrNext(feb), t.fromFifoOrNext(fec)
	t.pushVertex(a)
	if feb == 0 {
		t.pushVertex(b)
	}
	if fec == 0 {
		t.pushVertex(c)
	}
	t.pushTriangleEdges(a, b, c)
	return a, b, c
}

// fromFifoOrNext is the next new vertex for 0, else a recent vertex.
func (t *triangleDecoder) fromFifoOrNext(fe int) uint32 {
	if fe == 0 {
		v := t.next
		t.next++
		return v
	}
	return t.verts[(t.vertPos-fe)&15]
}

// explicitTriangle decodes codes 0xfe and 0xff, whose extra byte says how
// each vertex is given; a zero byte restarts the new-vertex counter.
func (t *triangleDecoder) explicitTriangle(code byte) (a, b, c uint32) {
	aux := t.src[t.data]
	t.data++
	if aux == 0 {
		t.next = 0
	}
	feb, fec := int(aux>>4), int(aux&15)
	if code == 0xfe {
		a = t.next
		t.next++
	}
	if feb != 15 {
		b = t.fromFifoOrNext(feb)
	}
	if fec != 15 {
		c = t.fromFifoOrNext(fec)
	}
	if code == 0xff {
		a = t.index()
	}
	if feb == 15 {
		b = t.index()
	}
	if fec == 15 {
		c = t.index()
	}
	t.pushVertex(a)
	if feb == 0 || feb == 15 {
		t.pushVertex(b)
	}
	if fec == 0 || fec == 15 {
		t.pushVertex(c)
	}
	t.pushTriangleEdges(a, b, c)
	return a, b, c
}

func (t *triangleDecoder) pushTriangleEdges(a, b, c uint32) {
	t.pushEdge(b, a)
	t.pushEdge(c, b)
	t.pushEdge(a, c)
}
