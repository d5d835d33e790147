package avatar

import (
	"fmt"

	"github.com/qmuntal/gltf"
)

// maxUnbacked bounds the count of an accessor with no bufferView (all zeros, perhaps
// with a sparse part), and maxUnbackedTotal the sum over a file's such accessors: a few
// bytes of JSON must not make kin allocate without limit (about 50 bytes an element,
// normals and all). A face with 50 sparse morph targets of 10,000 vertices fits.
const (
	maxUnbacked      = 1 << 18
	maxUnbackedTotal = 1 << 19
)

// accessor returns accessor idx after checking it exists, is of sane size and lies
// inside its bufferView, which lies inside its buffer; owner and n name what refers to
// it in errors.
func (b *builder) accessor(idx int, owner string, n int) (*gltf.Accessor, error) {
	if idx < 0 || idx >= len(b.doc.Accessors) || b.doc.Accessors[idx] == nil {
		return nil, fmt.Errorf("%s %d: accessor %d out of range", owner, n, idx)
	}
	acr := b.doc.Accessors[idx]
	if acr.Count < 0 || acr.Count > maxElements {
		return nil, fmt.Errorf("%s %d: accessors[%d].count is %d, more than the %d elements kin reads from one accessor; the file is damaged or not meant for a desktop companion",
			owner, n, idx, acr.Count, maxElements)
	}
	elem := acr.ComponentType.ByteSize() * acr.Type.Components()
	if acr.BufferView == nil {
		if err := b.countUnbacked(idx, acr.Count); err != nil {
			return nil, fmt.Errorf("%s %d: %w", owner, n, err)
		}
	}
	if acr.BufferView != nil {
		view, err := b.view(*acr.BufferView, fmt.Sprintf("accessors[%d].bufferView", idx))
		if err != nil {
			return nil, fmt.Errorf("%s %d: %w", owner, n, err)
		}
		stride := max(view.ByteStride, elem)
		if acr.Count > 0 && acr.ByteOffset+(acr.Count-1)*stride+elem > view.ByteLength {
			return nil, fmt.Errorf("%s %d: accessor %d (%d elements from byte %d) overruns bufferView %d, which holds %d bytes",
				owner, n, idx, acr.Count, acr.ByteOffset, *acr.BufferView, view.ByteLength)
		}
	}
	if err := b.sparse(acr, idx); err != nil {
		return nil, fmt.Errorf("%s %d: %w", owner, n, err)
	}
	return acr, nil
}

// sparse checks an accessor's sparse part: no more entries than the accessor has, and
// its indices and values inside their bufferViews.
func (b *builder) sparse(acr *gltf.Accessor, idx int) error {
	sp := acr.Sparse
	if sp == nil {
		return nil
	}
	if sp.Count < 0 || sp.Count > acr.Count {
		return fmt.Errorf("accessors[%d].sparse.count is %d, but the accessor has only %d elements", idx, sp.Count, acr.Count)
	}
	parts := []struct {
		what         string
		view, offset int
		size         int
	}{
		{"indices", sp.Indices.BufferView, sp.Indices.ByteOffset, sp.Indices.ComponentType.ByteSize()},
		{"values", sp.Values.BufferView, sp.Values.ByteOffset, acr.ComponentType.ByteSize() * acr.Type.Components()},
	}
	for _, p := range parts {
		what := fmt.Sprintf("accessors[%d].sparse.%s", idx, p.what)
		view, err := b.view(p.view, what+".bufferView")
		if err != nil {
			return err
		}
		if p.offset < 0 || p.offset+sp.Count*p.size > view.ByteLength {
			return fmt.Errorf("%s: %d entries of %d bytes from byte %d do not fit in bufferView %d, which holds %d bytes",
				what, sp.Count, p.size, p.offset, p.view, view.ByteLength)
		}
	}
	return nil
}

// view returns bufferView i after checking it lies inside its buffer's data; what
// names the field that refers to it.
func (b *builder) view(i int, what string) (*gltf.BufferView, error) {
	if i < 0 || i >= len(b.doc.BufferViews) || b.doc.BufferViews[i] == nil {
		return nil, fmt.Errorf("%s is %d, but the file has %d bufferViews", what, i, len(b.doc.BufferViews))
	}
	v := b.doc.BufferViews[i]
	if v.Buffer < 0 || v.Buffer >= len(b.doc.Buffers) || b.doc.Buffers[v.Buffer] == nil {
		return nil, fmt.Errorf("bufferViews[%d].buffer is %d, but the file has %d buffers", i, v.Buffer, len(b.doc.Buffers))
	}
	have := len(b.doc.Buffers[v.Buffer].Data)
	if v.ByteOffset < 0 || v.ByteLength < 0 || v.ByteOffset+v.ByteLength > have {
		return nil, fmt.Errorf("bufferViews[%d] (byteOffset %d, byteLength %d) runs past the end of buffer %d, which holds %d bytes; the file is damaged — export or download it again",
			i, v.ByteOffset, v.ByteLength, v.Buffer, have)
	}
	return v, nil
}

// countUnbacked adds accessor idx, which has no bufferView, to the file's tally and
// refuses it past maxUnbacked or the tally past maxUnbackedTotal.
func (b *builder) countUnbacked(idx, count int) error {
	if count > maxUnbacked {
		return fmt.Errorf("accessors[%d].count is %d with no bufferView behind it, more than the %d kin accepts; the file is damaged",
			idx, count, maxUnbacked)
	}
	if b.unbacked == nil {
		b.unbacked = map[int]bool{}
	}
	if !b.unbacked[idx] {
		b.unbacked[idx] = true
		b.unbackedTotal += count
	}
	if b.unbackedTotal > maxUnbackedTotal {
		return fmt.Errorf("accessors[%d]: the accessors with no bufferView behind them add up to %d elements, more than the %d kin accepts; the file is damaged",
			idx, b.unbackedTotal, maxUnbackedTotal)
	}
	return nil
}
