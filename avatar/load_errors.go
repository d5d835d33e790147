package avatar

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/qmuntal/gltf"
)

// errNotModel is the cause of a file that is neither GLB nor glTF JSON.
var errNotModel = errors.New("not a model file")

// plainError is a loader error whose text is a sentence for the user; the
// decoder's own error stays reachable with errors.Is / errors.As.
type plainError struct {
	msg string
	err error
}

func (e *plainError) Error() string { return e.msg }
func (e *plainError) Unwrap() error { return e.err }

// jsonProblem says what is wrong with a glTF JSON document of size bytes.
func jsonProblem(err error, size int) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn) && strings.Contains(syn.Error(), "exceeded max depth"):
		return fmt.Sprintf("not a readable glTF file: its JSON nests deeper than any model needs at byte %d of %d; the file is damaged or hostile — re-export the model", syn.Offset, size)
	case errors.As(err, &syn):
		return fmt.Sprintf("not a readable glTF file: its JSON is broken at byte %d of %d; re-export the model", syn.Offset, size)
	case errors.As(err, &typ):
		return fmt.Sprintf("not a readable glTF file: the field %q holds a %s where glTF wants a %v; re-export the model", typ.Field, typ.Value, typ.Type)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return fmt.Sprintf("not a readable glTF file: its JSON ends too early (%d bytes); it is cut short — export or download it again", size)
	}
	return "not a readable glTF file: " + err.Error()
}

// countingReader counts the bytes read, so a GLB chunk that overruns the
// file can be reported with its offset and the file's size.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// offset returns how many bytes r has given so far, when it counts them.
func offset(r io.Reader) int64 {
	if c, ok := r.(*countingReader); ok {
		return c.n
	}
	return 0
}

// checkVersion refuses a glTF whose asset.version (or minVersion) is not 2.x; a
// file that gives none is read as 2.0.
func checkVersion(a gltf.Asset) error {
	for _, v := range []struct{ field, value string }{{"asset.version", a.Version}, {"asset.minVersion", a.MinVersion}} {
		if v.value != "" && !strings.HasPrefix(v.value, "2.") && v.value != "2" {
			return &plainError{fmt.Sprintf("%s is %q; kin reads glTF 2.0 files — re-export the model as glTF 2.0", v.field, v.value), errNotModel}
		}
	}
	return nil
}

// named is "kind i (name)", or "kind i" when the name is empty.
func named(kind string, i int, name string) string {
	if name == "" {
		return fmt.Sprintf("%s %d", kind, i)
	}
	return fmt.Sprintf("%s %d (%s)", kind, i, name)
}
