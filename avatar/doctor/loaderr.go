package doctor

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/kin-companion/kin/avatar"
)

// reexportFix is the fix when there is nothing more specific to say.
const reexportFix = "Re-export the character from your 3D program (Blender: File → Export → glTF 2.0 (.glb); VRoid Studio: Export as VRM) and try again."

// loadFailed records why kin cannot load path, as one error in plain words;
// LoadError keeps the loader's own message.
func (r *Report) loadFailed(path string, err error, k kind, herr error, h *header) {
	r.LoadError = err.Error()
	r.unsupportedExtension(h, err)
	name := filepath.Base(path)
	msg, fix := explainLoad(path, name, err, k, herr, r.Extensions.Unsupported)
	r.add(SevError, AreaFile, fix, "%s", msg)
	r.showLoadError = strings.HasPrefix(msg, fmt.Sprintf(damaged, name))
}

// explainLoad says why a file did not load and what to do about it.
func explainLoad(path, name string, err error, k kind, herr error, unsupported []string) (msg, fix string) {
	if st, serr := os.Stat(path); serr != nil {
		return fmt.Sprintf("kin cannot find %s: there is no such file, or it cannot be opened.", name), "Check the file's name and folder."
	} else if st.IsDir() {
		return fmt.Sprintf("%s is a folder, not a model file.", name), "Give the path of a .glb, .gltf or .vrm file."
	}
	var syntax *json.SyntaxError
	switch {
	case errors.Is(err, fs.ErrPermission) || errors.Is(herr, fs.ErrPermission):
		return fmt.Sprintf("kin may not read %s: the file's permissions do not allow it.", name),
			"Give yourself read access to the file (chmod u+r), or copy it to a folder of your own."
	case k == kindUnknown:
		return fmt.Sprintf("%s is not a GLB, glTF or VRM model: it does not start the way those files do.", name), reexportFix
	case errors.Is(herr, errShortGLB) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return fmt.Sprintf("%s ends too early: it was cut off while being downloaded, copied or saved.", name),
			"Download, copy or export the file again."
	case errors.Is(herr, errBadGLB):
		return fmt.Sprintf("%s is damaged: its GLB container is not laid out the way glTF requires.", name), reexportFix
	case len(unsupported) == 0 && errors.Is(err, avatar.ErrUnsupportedExtension):
		return fmt.Sprintf("%s needs a glTF extension kin cannot read yet.", name), unsupportedFix(nil)
	case len(unsupported) > 0:
		names := make([]string, len(unsupported))
		for i, n := range unsupported {
			names[i] = describeExt(n)
		}
		return fmt.Sprintf("%s needs %s, which kin cannot read yet.", name, strings.Join(names, " and ")), unsupportedFix(unsupported)
	case errors.As(herr, &syntax) || errors.As(err, &syntax):
		return fmt.Sprintf("%s is damaged: its glTF text is not well formed.", name), reexportFix
	case errors.Is(err, avatar.ErrNotFinite):
		return fmt.Sprintf("%s is damaged: some of its positions or transforms are not numbers (NaN or infinite), so nothing sensible would appear on screen.", name), reexportFix
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("%s needs a file beside it (a .bin buffer or an image) that is missing.", name),
			"Keep the .bin and image files next to the .gltf file, or export as .glb so everything is in one file."
	}
	return fmt.Sprintf(damaged, name), reexportFix
}

// damaged is the message when nothing more specific can be said; the
// plain output then adds the loader's own message for a bug report.
const damaged = "%s is damaged or made in a way kin cannot read."
