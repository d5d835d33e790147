package skill

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Limits cap what kin downloads and unpacks for a bundle.
type Limits struct {
	Archive  int64 // bytes of a downloaded or given archive; default 20 MB
	Unpacked int64 // bytes of all files once unpacked or copied; default 50 MB
	Files    int   // number of files; default 2000
}

func (l Limits) withDefaults() Limits {
	if l.Archive <= 0 {
		l.Archive = 20 << 20
	}
	if l.Unpacked <= 0 {
		l.Unpacked = 50 << 20
	}
	if l.Files <= 0 {
		l.Files = 2000
	}
	return l
}

// ErrTooLarge is wrapped by every error about a bundle over its limits.
var ErrTooLarge = errors.New("the skill bundle is too large")

// ErrUnsafePath is wrapped by the error for an archive entry that would
// land outside the folder it is unpacked into.
var ErrUnsafePath = errors.New("the archive holds a path that leaves its folder")

// archiveKind guesses "tar.gz" or "zip" from a name and the first bytes.
func archiveKind(name string, head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), strings.HasSuffix(strings.ToLower(name), ".zip"):
		return "zip"
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return "tar.gz"
	}
	return ""
}

// unpack writes the archive data into dest, refusing links, entries that
// leave dest, and trees over the limits.
func unpack(data []byte, name, dest string, lim Limits) error {
	lim = lim.withDefaults()
	if int64(len(data)) > lim.Archive {
		return fmt.Errorf("%w: %s is %s, more than the %s allowed", ErrTooLarge, name, size(int64(len(data))), size(lim.Archive))
	}
	w := &writer{dest: dest, lim: lim}
	switch archiveKind(name, data) {
	case "zip":
		return w.zip(data)
	case "tar.gz":
		return w.tarGz(data)
	}
	return fmt.Errorf("%s is neither a .tar.gz nor a .zip archive", name)
}

// writer writes entries under dest while counting against the limits.
type writer struct {
	dest  string
	lim   Limits
	files int
	bytes int64
}

func (w *writer) tarGz(data []byte) error {
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("the archive is not valid gzip: %w", err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if errors.Is(err, tar.ErrInsecurePath) {
			return fmt.Errorf("%w: %q", ErrUnsafePath, h.Name)
		}
		if err != nil {
			return fmt.Errorf("the archive is damaged: %w", err)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			err = w.dir(h.Name)
		case tar.TypeReg:
			err = w.file(h.Name, fs.FileMode(h.Mode), tr)
		case tar.TypeXGlobalHeader:
		default:
			err = fmt.Errorf("the archive entry %q is a link or special file; kin unpacks only files and folders", h.Name)
		}
		if err != nil {
			return err
		}
	}
}

func (w *writer) zip(data []byte) error {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if errors.Is(err, zip.ErrInsecurePath) {
		return fmt.Errorf("%w: %v", ErrUnsafePath, err)
	}
	if err != nil {
		return fmt.Errorf("the archive is not a valid zip: %w", err)
	}
	for _, f := range zr.File {
		if err := w.zipEntry(f); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) zipEntry(f *zip.File) error {
	mode := f.Mode()
	switch {
	case mode.IsDir():
		return w.dir(f.Name)
	case !mode.IsRegular():
		return fmt.Errorf("the archive entry %q is a link or special file; kin unpacks only files and folders", f.Name)
	}
	rc, err := f.Open()
	if err != nil {
		return fmt.Errorf("the archive entry %q is damaged: %w", f.Name, err)
	}
	defer rc.Close()
	return w.file(f.Name, mode, rc)
}

// target is the local path of an archive entry, or an error when the
// entry would leave dest.
func (w *writer) target(name string) (string, error) {
	clean := path.Clean(strings.ReplaceAll(name, `\`, "/"))
	if !fs.ValidPath(clean) || strings.HasPrefix(name, "/") {
		return "", fmt.Errorf("%w: %q", ErrUnsafePath, name)
	}
	return filepath.Join(w.dest, filepath.FromSlash(clean)), nil
}

func (w *writer) dir(name string) error {
	p, err := w.target(name)
	if err != nil {
		return err
	}
	return os.MkdirAll(p, 0o755)
}

// file writes one entry, keeping its executable bit.
func (w *writer) file(name string, mode fs.FileMode, r io.Reader) error {
	p, err := w.target(name)
	if err != nil {
		return err
	}
	if w.files++; w.files > w.lim.Files {
		return fmt.Errorf("%w: more than %d files", ErrTooLarge, w.lim.Files)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("cannot unpack the skill: %w", err)
	}
	perm := fs.FileMode(0o644)
	if mode&0o111 != 0 {
		perm = 0o755
	}
	out, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fmt.Errorf("cannot unpack %q: %w", name, err)
	}
	n, err := io.Copy(out, io.LimitReader(r, w.lim.Unpacked-w.bytes+1))
	w.bytes += n
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot unpack %q: %w", name, err)
	}
	if w.bytes > w.lim.Unpacked {
		return fmt.Errorf("%w: more than %s once unpacked", ErrTooLarge, size(w.lim.Unpacked))
	}
	return nil
}

// copyTree copies the folder src into dest (which must not exist yet),
// refusing links and trees over the limits.
func copyTree(src, dest string, lim Limits) error {
	w := &writer{dest: dest, lim: lim.withDefaults()}
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("cannot copy the skill: %w", err)
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch {
		case d.IsDir():
			return w.dir(rel)
		case !d.Type().IsRegular():
			return fmt.Errorf("%s is a link or special file; a skill bundle may hold only files and folders", p)
		}
		info, err := d.Info()
		if err != nil {
			return fmt.Errorf("cannot copy the skill: %w", err)
		}
		f, err := os.Open(p)
		if err != nil {
			return fmt.Errorf("cannot copy the skill: %w", err)
		}
		defer f.Close()
		return w.file(rel, info.Mode(), f)
	})
}

// bundleRoot finds SKILL.md in dir or in its only subfolder (archives
// often wrap the bundle in a folder of its name).
func bundleRoot(dir string) (string, error) {
	if _, err := os.Stat(filepath.Join(dir, SkillFile)); err == nil {
		return dir, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", fmt.Errorf("cannot read the unpacked skill: %w", err)
	}
	if len(entries) == 1 && entries[0].IsDir() {
		sub := filepath.Join(dir, entries[0].Name())
		if _, err := os.Stat(filepath.Join(sub, SkillFile)); err == nil {
			return sub, nil
		}
	}
	return "", fmt.Errorf("the archive has no %s at its top (nor in its only folder)", SkillFile)
}

// size says a byte count in words: "512 bytes", "40 KB", "20 MB".
func size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
