package avatar

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"strings"

	"github.com/qmuntal/gltf"
)

// GLB chunk types.
const (
	chunkJSON = 0x4E4F534A
	chunkBIN  = 0x004E4942
)

// decodeDocument reads a GLB or a glTF JSON file and loads its buffers.
// It does the work of gltf.Decoder, which refuses the buffers without a
// uri that EXT_meshopt_compression files use as the target of their
// compressed views; those are left empty here and filled by decompress.
func decodeDocument(r *bufio.Reader, fsys fs.FS) (doc *gltf.Document, isGLB bool, err error) {
	magic, _ := r.Peek(4)
	isGLB = bytes.Equal(magic, []byte("glTF"))
	var jsonData, bin []byte
	if isGLB {
		jsonData, bin, err = readGLB(&countingReader{r: r})
	} else {
		jsonData, err = io.ReadAll(r)
	}
	if err != nil {
		return nil, isGLB, err
	}
	if t := bytes.TrimLeft(jsonData, " \t\r\n\ufeff"); !isGLB && (len(t) == 0 || t[0] != '{') {
		return nil, false, &plainError{"not a glTF, GLB or VRM file: it starts neither with \"glTF\" nor with a JSON object; choose a .glb, .gltf or .vrm model", errNotModel}
	}
	doc = new(gltf.Document)
	if err := json.NewDecoder(bytes.NewReader(jsonData)).Decode(doc); err != nil {
		return nil, isGLB, &plainError{jsonProblem(err, len(jsonData)), err}
	}
	if err := checkVersion(doc.Asset); err != nil {
		return nil, isGLB, err
	}
	return doc, isGLB, loadBuffers(doc, bin, isGLB, fsys)
}

// readGLB splits a GLB file into its JSON chunk and its optional binary
// chunk. Chunks are read as their bytes arrive, so a corrupt length cannot
// make it allocate more than the file holds.
func readGLB(r io.Reader) (jsonData, bin []byte, err error) {
	var header [3]uint32 // magic, version, total length
	if err := binary.Read(r, binary.LittleEndian, &header); err != nil {
		return nil, nil, err
	}
	if header[1] != 2 {
		return nil, nil, fmt.Errorf("GLB version %d; kin reads glTF 2.0 files", header[1])
	}
	length, kind, err := chunkHeader(r)
	if err != nil {
		return nil, nil, err
	}
	if kind != chunkJSON || uint64(length)+20 > uint64(header[2]) {
		return nil, nil, errors.New("invalid GLB file: the first chunk is not a JSON chunk inside the file")
	}
	if jsonData, err = readChunk(r, length); err != nil {
		return nil, nil, err
	}
	for {
		length, kind, err := chunkHeader(r)
		if errors.Is(err, io.EOF) {
			return jsonData, bin, nil // no binary chunk
		}
		if err != nil {
			return nil, nil, err
		}
		data, err := readChunk(r, length)
		if err != nil {
			return nil, nil, err
		}
		if kind == chunkBIN {
			return jsonData, data, nil
		}
	}
}

func chunkHeader(r io.Reader) (length, kind uint32, err error) {
	var h [2]uint32
	err = binary.Read(r, binary.LittleEndian, &h)
	return h[0], h[1], err
}

func readChunk(r io.Reader, length uint32) ([]byte, error) {
	start := offset(r)
	data, err := io.ReadAll(io.LimitReader(r, int64(length)))
	if err == nil && len(data) != int(length) {
		err = &plainError{fmt.Sprintf("a GLB chunk at byte %d declares a length of %d bytes, but the file is only %d bytes long; it is cut short or damaged — export or download it again",
			start-8, length, start+int64(len(data))), io.ErrUnexpectedEOF}
	}
	return data, err
}

// loadBuffers fills every buffer's data: the GLB binary chunk, a data:
// URI or a file beside the model. A buffer without a uri (other than the
// GLB chunk) stays empty: it is a meshopt fallback buffer, and decompress
// fills it or says why it cannot.
func loadBuffers(doc *gltf.Document, bin []byte, isGLB bool, fsys fs.FS) error {
	for i, buf := range doc.Buffers {
		if buf == nil {
			return fmt.Errorf("buffer %d: null", i)
		}
		var err error
		switch {
		case i == 0 && isGLB && buf.URI == "":
			if bin == nil || len(bin) < buf.ByteLength {
				return &plainError{fmt.Sprintf("buffers[0].byteLength is %d, but the GLB's binary chunk holds only %d bytes; the file is cut short or damaged — export or download it again",
					buf.ByteLength, len(bin)), io.ErrUnexpectedEOF}
			}
			buf.Data = bin[:buf.ByteLength]
		case buf.URI == "":
		case strings.HasPrefix(buf.URI, "data:"):
			buf.Data, err = decodeDataURI(buf.URI)
		default:
			buf.Data, err = readBufferFile(fsys, buf.URI)
		}
		if err != nil {
			return fmt.Errorf("buffer %d: %w", i, err)
		}
		if buf.URI != "" && len(buf.Data) < buf.ByteLength {
			return &plainError{fmt.Sprintf("buffers[%d].byteLength is %d, but its data holds only %d bytes; the file is damaged — export or download it again",
				i, buf.ByteLength, len(buf.Data)), io.ErrUnexpectedEOF}
		}
		if len(buf.Data) > buf.ByteLength {
			buf.Data = buf.Data[:buf.ByteLength]
		}
	}
	return nil
}

// decodeDataURI decodes a base64 data: URI.
func decodeDataURI(uri string) ([]byte, error) {
	head, payload, ok := strings.Cut(uri, ",")
	if !ok || !strings.HasSuffix(head, ";base64") {
		return nil, errors.New("data: URI is not base64-encoded")
	}
	data, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return nil, fmt.Errorf("data: URI: %w", err)
	}
	return data, nil
}

// readBufferFile reads an external buffer from the model's folder.
func readBufferFile(fsys fs.FS, uri string) ([]byte, error) {
	if u, err := url.Parse(uri); err == nil && u.Scheme != "" {
		return nil, fmt.Errorf("kin does not download %q; save the buffer beside the model", uri)
	}
	name, err := url.PathUnescape(strings.TrimPrefix(strings.ReplaceAll(uri, `\`, "/"), "./"))
	if err != nil || !fs.ValidPath(name) {
		return nil, fmt.Errorf("external buffer %q: not a relative path inside the model's folder", uri)
	}
	if fsys == nil {
		return nil, fmt.Errorf("external buffer %q: the model was read from a stream, so there is no folder to read it from", uri)
	}
	return fs.ReadFile(fsys, name)
}
