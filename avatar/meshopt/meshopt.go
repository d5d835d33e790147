package meshopt

import (
	"errors"
	"fmt"
)

// ErrCorrupt is wrapped by every error about compressed data that cannot be
// decoded: truncated, damaged, or with settings the format forbids.
var ErrCorrupt = errors.New("meshopt: compressed data is damaged")

// ErrUnsupported is wrapped when the data uses a bitstream version newer
// than this decoder knows.
var ErrUnsupported = errors.New("meshopt: compressed data uses a newer format")

// Mode is the codec of a compressed buffer view.
type Mode uint8

// The three codecs of the extension.
const (
	Attributes Mode = iota // vertex attributes and other fixed-size elements
	Triangles              // triangle-list indices
	Indices                // any index sequence
)

var modeNames = [...]string{"ATTRIBUTES", "TRIANGLES", "INDICES"}

// String returns the mode as the extension's JSON spells it.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", m)
}

// ParseMode reads the extension's "mode" string.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if s == n {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("%w: unknown mode %q (expected ATTRIBUTES, TRIANGLES or INDICES)", ErrCorrupt, s)
}

// Filter is the transform applied to attribute data after decoding.
type Filter uint8

// The filters of the extension; FilterColor is only in KHR_meshopt_compression.
const (
	FilterNone Filter = iota
	FilterOctahedral
	FilterQuaternion
	FilterExponential
	FilterColor
)

var filterNames = [...]string{"NONE", "OCTAHEDRAL", "QUATERNION", "EXPONENTIAL", "COLOR"}

// String returns the filter as the extension's JSON spells it.
func (f Filter) String() string {
	if int(f) < len(filterNames) {
		return filterNames[f]
	}
	return fmt.Sprintf("Filter(%d)", f)
}

// ParseFilter reads the extension's "filter" string; empty means NONE.
func ParseFilter(s string) (Filter, error) {
	if s == "" {
		return FilterNone, nil
	}
	for i, n := range filterNames {
		if s == n {
			return Filter(i), nil
		}
	}
	return 0, fmt.Errorf("%w: unknown filter %q", ErrCorrupt, s)
}

// maxCount bounds the element count so that count*stride cannot overflow.
const maxCount = 1 << 30

// Validate checks what can be checked without decoding: the mode, filter,
// count and stride agree with the extension's rules, the header byte names
// a known codec and version, and src is long enough to hold count elements.
// The caller can then allocate count*stride bytes knowing the input is
// large enough to justify them.
func Validate(src []byte, count, stride int, mode Mode, filter Filter) error {
	if err := checkLayout(count, stride, mode, filter); err != nil {
		return err
	}
	switch mode {
	case Attributes:
		_, err := vertexHeader(src, count, stride)
		return err
	case Triangles:
		return indexHeader(src, count, triangleHeader)
	default:
		return indexHeader(src, count, sequenceHeader)
	}
}

func checkLayout(count, stride int, mode Mode, filter Filter) error {
	if count < 0 || count > maxCount {
		return fmt.Errorf("%w: implausible element count %d", ErrCorrupt, count)
	}
	switch mode {
	case Attributes:
		if stride < 4 || stride > 256 || stride%4 != 0 {
			return fmt.Errorf("%w: attribute stride %d is not a multiple of 4 between 4 and 256", ErrCorrupt, stride)
		}
	case Triangles, Indices:
		if stride != 2 && stride != 4 {
			return fmt.Errorf("%w: index stride %d is not 2 or 4", ErrCorrupt, stride)
		}
		if mode == Triangles && count%3 != 0 {
			return fmt.Errorf("%w: %d triangle indices is not a multiple of 3", ErrCorrupt, count)
		}
		if filter != FilterNone {
			return fmt.Errorf("%w: filter %s applies to attributes only, not to %s", ErrCorrupt, filter, mode)
		}
		return nil
	default:
		return fmt.Errorf("%w: unknown mode %d", ErrCorrupt, mode)
	}
	return checkFilter(stride, filter)
}

func checkFilter(stride int, filter Filter) error {
	ok := true
	switch filter {
	case FilterNone:
	case FilterExponential:
		ok = stride%4 == 0
	case FilterOctahedral, FilterColor:
		ok = stride == 4 || stride == 8
	case FilterQuaternion:
		ok = stride == 8
	default:
		return fmt.Errorf("%w: unknown filter %d", ErrCorrupt, filter)
	}
	if !ok {
		return fmt.Errorf("%w: filter %s cannot be used with a stride of %d bytes", ErrCorrupt, filter, stride)
	}
	return nil
}

// Decode decodes one compressed buffer view: src is the extension's byte
// range, dst receives count elements of stride bytes (it must hold at
// least count*stride bytes), and the filter is applied afterwards.
func Decode(dst, src []byte, count, stride int, mode Mode, filter Filter) error {
	if err := checkLayout(count, stride, mode, filter); err != nil {
		return err
	}
	if len(dst) < count*stride {
		return fmt.Errorf("meshopt: output holds %d bytes, %d elements of %d bytes need %d", len(dst), count, stride, count*stride)
	}
	var err error
	switch mode {
	case Attributes:
		err = DecodeVertexBuffer(dst, count, stride, src)
	case Triangles:
		err = DecodeIndexBuffer(dst, count, stride, src)
	default:
		err = DecodeIndexSequence(dst, count, stride, src)
	}
	if err != nil {
		return err
	}
	return DecodeFilter(dst, count, stride, filter)
}
