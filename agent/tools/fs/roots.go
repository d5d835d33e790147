package fs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrOutside is wrapped by every refusal of a path that lies outside the
// roots: climbing out with "..", a symbolic link leading out, or a mount
// that shows another place.
var ErrOutside = errors.New("outside the folders kin may use")

// ErrExcluded is wrapped by every refusal of a path inside an excluded
// private place (or a symbolic link leading into one).
var ErrExcluded = errors.New("a private place kin never touches")

// Roots is the set of folders the file tools may touch, minus the excluded
// private places inside them. It is immutable and safe for concurrent use.
type Roots struct {
	home    place
	dirs    []place
	exclude []place
}

// place is a folder as named (clean, absolute) and with its symbolic
// links evaluated (the same when evaluation fails, e.g. it does not exist).
type place struct{ path, real string }

func newPlace(p string) place {
	if p == "" {
		return place{}
	}
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return place{p, real}
	}
	return place{p, p}
}

// secretPaths are the private places under the home kept out of reach.
var secretPaths = []string{
	".ssh", ".gnupg", ".local/share/keyrings", ".password-store", ".aws", ".kube",
	".docker/config.json", ".netrc", ".git-credentials", ".config/gcloud", ".azure",
	".mozilla", ".config/google-chrome", ".config/chromium", ".config/BraveSoftware",
	".config/microsoft-edge", ".config/vivaldi", ".config/opera",
	"snap/firefox", "snap/chromium", ".var/app/org.mozilla.firefox", ".var/app/com.google.Chrome",
}

// DefaultExcludes lists the private places under home that kin never
// touches — SSH and GnuPG keys, keyrings, password stores, cloud and
// container credentials, browser profiles — plus kin's own data and
// config folders when given. Pass it to [NewRoots] when a --root may
// contain the home.
func DefaultExcludes(home, dataDir, configDir string) []string {
	var out []string
	for _, s := range secretPaths {
		out = append(out, filepath.Join(home, s))
	}
	for _, d := range []string{dataDir, configDir} {
		if d != "" {
			out = append(out, d)
		}
	}
	return out
}

// DefaultRoots returns the default roots: the user's home, minus
// [DefaultExcludes] of home, dataDir and configDir. With no home there is
// no root, and every path is refused.
func DefaultRoots(home, dataDir, configDir string) *Roots {
	if home == "" {
		return &Roots{}
	}
	r := &Roots{home: newPlace(home), dirs: []place{newPlace(home)}}
	for _, e := range DefaultExcludes(home, dataDir, configDir) {
		r.exclude = append(r.exclude, newPlace(e))
	}
	return r
}

// NewRoots returns roots for dirs (each must be an existing folder; the
// first is where relative paths start) minus exclude. "~" in either
// expands to the user's home.
func NewRoots(dirs []string, exclude []string) (*Roots, error) {
	if len(dirs) == 0 {
		return nil, errors.New("fs: no root folder was given; name at least one folder with --root")
	}
	r := newRoots()
	for _, d := range dirs {
		if err := r.addRoot(d); err != nil {
			return nil, err
		}
	}
	if err := r.addExcludes(exclude); err != nil {
		return nil, err
	}
	return r, nil
}

// UsableRoots is [NewRoots] for a list kept in the settings, where one folder
// going missing (an unplugged disk, a home without ~/Documents) must not take
// the others away: a folder that cannot be used is left out, with the reason in
// skipped, and the rest are the roots. err is non-nil only when no folder is
// usable or an excluded path is bad.
func UsableRoots(dirs []string, exclude []string) (r *Roots, skipped []error, err error) {
	if len(dirs) == 0 {
		return nil, nil, errors.New("fs: no root folder was given; name at least one folder with --root")
	}
	r = newRoots()
	for _, d := range dirs {
		if err := r.addRoot(d); err != nil {
			skipped = append(skipped, err)
		}
	}
	switch {
	case len(r.dirs) > 0:
	case len(skipped) == 1:
		return nil, skipped, skipped[0]
	default:
		return nil, skipped, fmt.Errorf("fs: none of the root folders can be used:\n%w", errors.Join(skipped...))
	}
	if err := r.addExcludes(exclude); err != nil {
		return nil, skipped, err
	}
	return r, skipped, nil
}

func newRoots() *Roots {
	home, _ := os.UserHomeDir()
	return &Roots{home: newPlace(home)}
}

// addRoot adds the folder d, which must exist.
func (r *Roots) addRoot(d string) error {
	abs, err := r.absolute(d)
	if err != nil {
		return fmt.Errorf("fs: root %q: %w", d, err)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return fmt.Errorf("fs: root %q cannot be used: %w", d, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("fs: root %q is not a folder; --root takes folders", d)
	}
	r.dirs = append(r.dirs, newPlace(abs))
	return nil
}

func (r *Roots) addExcludes(exclude []string) error {
	for _, e := range exclude {
		abs, err := r.absolute(e)
		if err != nil {
			return fmt.Errorf("fs: excluded path %q: %w", e, err)
		}
		r.exclude = append(r.exclude, newPlace(abs))
	}
	return nil
}

// List returns the root folders, the first being where relative paths start.
func (r *Roots) List() []string {
	out := make([]string, len(r.dirs))
	for i, d := range r.dirs {
		out[i] = d.path
	}
	return out
}

// Excluded returns the private places kept out of reach.
func (r *Roots) Excluded() []string {
	out := make([]string, len(r.exclude))
	for i, e := range r.exclude {
		out[i] = e.path
	}
	return out
}

// Home returns the user's home folder ("" when unknown).
func (r *Roots) Home() string { return r.home.path }

// Resolve returns path as an absolute path with every symbolic link
// evaluated, after checking that it lies inside a root, outside the
// excluded places and not behind a mount that shows another place; else an
// error saying why (wrapping [ErrOutside] or [ErrExcluded]). The path need
// not exist yet.
func (r *Roots) Resolve(path string) (string, error) {
	l, err := r.locate(path)
	return l.real, err
}

// absolute expands "~" and makes p absolute against the first root,
// without cleaning it.
func (r *Roots) absolute(p string) (string, error) {
	if strings.TrimSpace(p) == "" {
		return "", errors.New("the path is empty")
	}
	if strings.ContainsRune(p, 0) {
		return "", errors.New("the path contains a NUL character")
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		if r.home.path == "" {
			return "", errors.New("the home folder is not known, so \"~\" cannot be used; give a full path")
		}
		p = r.home.path + p[1:]
	} else if strings.HasPrefix(p, "~") {
		return "", fmt.Errorf("%q names another user's home, which kin does not use; give a full path", p)
	}
	if !filepath.IsAbs(p) {
		if len(r.dirs) == 0 {
			return "", errors.New("a relative path needs a root folder to start from")
		}
		p = r.dirs[0].path + string(filepath.Separator) + p
	}
	return p, nil
}

// within reports whether p is dir or lies under it (both clean, absolute).
func within(p, dir string) bool {
	if dir == "/" {
		return strings.HasPrefix(p, "/")
	}
	return strings.HasPrefix(p, dir) && (len(p) == len(dir) || p[len(dir)] == '/')
}

// rootOf returns the deepest root holding p, comparing with the roots
// both as named and as evaluated.
func (r *Roots) rootOf(p string) (place, bool) {
	var best place
	found := false
	for _, d := range r.dirs {
		for _, form := range []string{d.real, d.path} {
			if within(p, form) && (!found || len(form) > len(best.real)) {
				best, found = place{d.path, form}, true
			}
		}
	}
	return best, found
}

// excludedBy returns the excluded place holding p, if any.
func (r *Roots) excludedBy(p string) (place, bool) {
	for _, e := range r.exclude {
		if within(p, e.real) || within(p, e.path) {
			return e, true
		}
	}
	return place{}, false
}

// holdsExcluded returns an excluded place (or root) at or below dir.
func (r *Roots) holdsExcluded(dir string) (string, bool) {
	for _, e := range r.exclude {
		if within(e.real, dir) || within(e.path, dir) {
			return e.path, true
		}
	}
	return "", false
}

// holdsRoot returns a root that p is or holds.
func (r *Roots) holdsRoot(p string) (place, bool) {
	for _, d := range r.dirs {
		if within(d.real, p) || within(d.path, p) {
			return d, true
		}
	}
	return place{}, false
}

// Display returns p with the home folder written as "~".
func (r *Roots) Display(p string) string {
	for _, h := range []string{r.home.real, r.home.path} {
		if h == "" || h == "/" {
			continue
		}
		if p == h {
			return "~"
		}
		if strings.HasPrefix(p, h+"/") {
			return "~" + p[len(h):]
		}
	}
	return p
}

// names returns the roots in plain words, e.g. "~ and /srv/media".
func (r *Roots) names() string {
	var s []string
	for _, d := range r.dirs {
		s = append(s, r.Display(d.path))
	}
	switch len(s) {
	case 0:
		return "none"
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
