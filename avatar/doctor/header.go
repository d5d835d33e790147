package doctor

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"os"
)

// header is the part of a glTF document's JSON the doctor reads itself,
// because the loaded [avatar.Model] does not keep it: the extension lists
// and which image each texture shows. It is read even when loading fails,
// so a failure can be explained.
type header struct {
	ExtensionsUsed     []string `json:"extensionsUsed"`
	ExtensionsRequired []string `json:"extensionsRequired"`
	Textures           []struct {
		Source *int `json:"source"`
	} `json:"textures"`
	Images []struct {
		MimeType string `json:"mimeType"`
		URI      string `json:"uri"`
	} `json:"images"`
}

// kind is what the first bytes of a file say it is.
type kind int

const (
	kindUnknown kind = iota // neither a GLB nor JSON
	kindGLB                 // starts with the "glTF" magic
	kindJSON                // starts with '{' after white space
)

// maxHeaderJSON bounds the JSON chunk read from a GLB: real files hold a
// few megabytes of JSON at most.
const maxHeaderJSON = 64 << 20

// Errors of a GLB container: it ends before its JSON chunk does, or the
// JSON chunk is missing or implausibly large.
var (
	errShortGLB = errors.New("the GLB file ends before its JSON part")
	errBadGLB   = errors.New("the GLB file does not start with a JSON part")
)

// readHeader sniffs the file and decodes its glTF JSON. It returns the
// kind even when the JSON cannot be read.
func readHeader(path string) (header, kind, error) {
	var h header
	f, err := os.Open(path)
	if err != nil {
		return h, kindUnknown, err
	}
	defer f.Close()
	var magic [20]byte
	n, _ := io.ReadFull(f, magic[:])
	switch {
	case n >= 4 && string(magic[:4]) == "glTF":
		if n < 20 {
			return h, kindGLB, errShortGLB
		}
		size := binary.LittleEndian.Uint32(magic[12:16])
		if size > maxHeaderJSON || string(magic[16:20]) != "JSON" {
			return h, kindGLB, errBadGLB
		}
		data := make([]byte, size)
		if _, err := io.ReadFull(f, data); err != nil {
			return h, kindGLB, errShortGLB
		}
		return h, kindGLB, json.Unmarshal(data, &h)
	case bytes.HasPrefix(bytes.TrimLeft(magic[:n], " \t\r\n\ufeff"), []byte("{")):
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return h, kindJSON, err
		}
		return h, kindJSON, json.NewDecoder(io.LimitReader(f, maxHeaderJSON)).Decode(&h)
	}
	return h, kindUnknown, nil
}

// textureImage returns the image a texture shows, or -1.
func (h *header) textureImage(tex int) int {
	if h == nil || tex < 0 || tex >= len(h.Textures) || h.Textures[tex].Source == nil {
		return -1
	}
	if s := *h.Textures[tex].Source; s >= 0 && s < len(h.Images) {
		return s
	}
	return -1
}
