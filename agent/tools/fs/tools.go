package fs

import (
	"encoding/json"
	"errors"
	"fmt"
	iofs "io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

// Config configures the file tools. Zero fields take the defaults noted.
type Config struct {
	// Roots confine every tool (nil: DefaultRoots of the user's home).
	Roots *Roots
	// Home is the user's home: what "~" means in paths and summaries
	// (default: the roots' home).
	Home string
	// Trash overrides the home trash folder, the one holding files/ and
	// info/ (default $XDG_DATA_HOME/Trash, i.e. ~/.local/share/Trash).
	Trash string
	// MaxRead caps the text fs_read returns per call (default 256 KiB).
	MaxRead int64
	// MaxImageBytes caps a picture handed to the model; larger ones are
	// scaled down (default 3.75 MB, what vision APIs accept).
	MaxImageBytes int64
	// MaxImageSide caps a picture's long side in pixels (default 1568).
	MaxImageSide int
	// MaxSearchFile is the largest file fs_search looks inside (default 1 MiB).
	MaxSearchFile int64
	// MaxResults caps fs_search results (default 200).
	MaxResults int
	// MaxWrite caps what fs_write and fs_edit write (default 10 MiB).
	MaxWrite int64
	// Now stamps trash entries (default time.Now).
	Now func() time.Time
}

// Tools returns the file tools confined to cfg.Roots: fs_roots, fs_list,
// fs_stat, fs_read, fs_search, fs_walk (read-only, low risk) and fs_write,
// fs_edit, fs_copy, fs_move, fs_delete (which change files and declare
// their risk per call through Assess).
func Tools(cfg Config) []*tools.Tool {
	k := newKit(cfg)
	return []*tools.Tool{k.rootsTool(), k.listTool(), k.statTool(), k.readTool(), k.searchTool(),
		k.walkTool(), k.writeTool(), k.editTool(), k.copyTool(), k.moveTool(), k.deleteTool()}
}

// kit is the configuration the tools share.
type kit struct {
	Config
	roots *Roots
}

func newKit(cfg Config) *kit {
	if cfg.Roots == nil {
		home, _ := os.UserHomeDir()
		cfg.Roots = DefaultRoots(home, "", "")
	}
	if cfg.Home != "" && cfg.Home != cfg.Roots.home.path {
		r := *cfg.Roots
		r.home = newPlace(cfg.Home)
		cfg.Roots = &r
	}
	if cfg.Trash == "" {
		cfg.Trash = homeTrash(cfg.Roots.Home())
	}
	cfg.MaxRead = orDefault(cfg.MaxRead, 256<<10)
	cfg.MaxImageBytes = orDefault(cfg.MaxImageBytes, 3_750_000)
	cfg.MaxImageSide = int(orDefault(int64(cfg.MaxImageSide), 1568))
	cfg.MaxSearchFile = orDefault(cfg.MaxSearchFile, 1<<20)
	cfg.MaxResults = int(orDefault(int64(cfg.MaxResults), 200))
	cfg.MaxWrite = orDefault(cfg.MaxWrite, 10<<20)
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &kit{Config: cfg, roots: cfg.Roots}
}

func orDefault(v, d int64) int64 {
	if v <= 0 {
		return d
	}
	return v
}

// homeTrash is $XDG_DATA_HOME/Trash, defaulting to ~/.local/share/Trash.
func homeTrash(home string) string {
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "Trash")
	}
	return filepath.Join(home, ".local", "share", "Trash")
}

// pathArgs are the arguments every tool shares.
type pathArgs struct {
	Path *string `json:"path"`
}

// decode parses a call's arguments and insists on path.
func decode[T any](tool string, args json.RawMessage, schema json.RawMessage, path func(*T) *string) (T, error) {
	v, err := tools.Decode[T](tool, args, schema)
	if err != nil {
		return v, err
	}
	if p := path(&v); p == nil || strings.TrimSpace(*p) == "" {
		return v, fmt.Errorf("%s: the argument \"path\" is missing; give the file or folder to use, e.g. \"~/notes/todo.txt\"", tool)
	}
	return v, nil
}

// locate checks a tool's path argument, prefixing errors with the tool.
func (k *kit) locate(tool, path string) (located, error) {
	l, err := k.roots.locate(path)
	if err != nil {
		return l, fmt.Errorf("%s: %w", tool, err)
	}
	return l, nil
}

// scope checks path for an assessment: the located path, or the reason
// the call will be refused (with the path as named kept for the scope).
func (k *kit) scope(path string) (located, error) {
	l, err := k.roots.locate(path)
	if err != nil && l.abs == "" {
		l.abs = path
	}
	return l, err
}

// refused is the assessment of a call the roots will refuse anyway.
func (k *kit) refused(verb string, l located, why error) tools.Assessment {
	return tools.Assessment{Scope: l.abs, Summary: fmt.Sprintf("%s %s (will be refused: %v)", verb, k.roots.Display(l.abs), why)}
}

// lstat describes what sits at p (nil when nothing does).
func lstat(p string) iofs.FileInfo {
	fi, err := os.Lstat(p)
	if err != nil {
		return nil
	}
	return fi
}

// notFound turns a missing file into a sentence naming it.
func (k *kit) fileError(tool, p string, err error) error {
	switch {
	case errors.Is(err, iofs.ErrNotExist):
		return fmt.Errorf("%s: %s does not exist; check the name with fs_list or fs_search", tool, k.roots.Display(p))
	case errors.Is(err, iofs.ErrPermission):
		return fmt.Errorf("%s: kin is not allowed to open %s (permission denied)", tool, k.roots.Display(p))
	}
	return fmt.Errorf("%s: %s: %w", tool, k.roots.Display(p), err)
}

// size writes n bytes for people: "512 B", "1.2 KB", "3.4 MB".
func size(n int64) string {
	const unit = 1000
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %cB", float64(n)/float64(div), "KMGTPE"[exp])
}

// kind names an entry's type in one word.
func kind(m iofs.FileMode) string {
	switch {
	case m.IsDir():
		return "folder"
	case m&iofs.ModeSymlink != 0:
		return "symlink"
	case m.IsRegular():
		return "file"
	case m&iofs.ModeNamedPipe != 0:
		return "pipe"
	case m&iofs.ModeSocket != 0:
		return "socket"
	case m&iofs.ModeDevice != 0:
		return "device"
	}
	return "other"
}

// startupPlaces are where a written file runs on its own later: shell
// start-up files, autostart entries, user services, personal bin folders.
var startupPlaces = []string{".config/autostart", ".config/systemd", ".config/environment.d",
	".local/bin", "bin", ".local/share/applications"}

// runsLater reports whether writing p could make something run later: a
// hidden file right in the home (.bashrc, .profile…), a file in a start-up
// place, or an executable file. Writes there are high risk.
func (k *kit) runsLater(p string, fi iofs.FileInfo) bool {
	home := k.roots.home.real
	if home != "" && filepath.Dir(p) == home && strings.HasPrefix(filepath.Base(p), ".") {
		return true
	}
	for _, s := range startupPlaces {
		if home != "" && within(p, filepath.Join(home, s)) {
			return true
		}
	}
	return fi != nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}
