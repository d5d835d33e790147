package fs

import (
	"errors"
	"fmt"
	iofs "io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// maxLinks bounds the symbolic links followed for one path, as the kernel
// does (40 on Linux).
const maxLinks = 40

// located is one path checked against the roots.
type located struct {
	abs  string // as named: absolute and clean
	link string // the entry itself: its folder resolved, its own name kept
	real string // everything resolved
	root place  // the deepest root holding real
}

// locate checks path against the roots; see [Roots.Resolve].
func (r *Roots) locate(path string) (located, error) {
	raw, err := r.absolute(path)
	if err != nil {
		return located{}, err
	}
	l := located{abs: filepath.Clean(raw)}
	if _, ok := r.rootOf(l.abs); !ok {
		return l, r.outsideError(path, raw, l.abs)
	}
	if _, ok := r.excludedBy(l.abs); ok {
		return l, r.check(l.abs, nil)
	}
	s := &resolver{roots: r}
	l.link = l.abs
	if l.abs != "/" {
		dir, err := s.eval(filepath.Dir(l.abs))
		if err != nil {
			return l, err
		}
		l.link = filepath.Join(dir, filepath.Base(l.abs))
	}
	if l.real, err = s.eval(l.link); err != nil {
		return l, err
	}
	if err := s.check(l.real); err != nil {
		return l, err
	}
	l.root, _ = r.rootOf(l.real)
	return l, nil
}

// outsideError explains why abs (named as path) is outside every root.
func (r *Roots) outsideError(path, raw, abs string) error {
	for _, c := range strings.Split(filepath.ToSlash(raw), "/") {
		if c == ".." {
			return fmt.Errorf("%s: its \"..\" climbs out of %s to %s, which is %w", path, r.names(), r.Display(abs), ErrOutside)
		}
	}
	return fmt.Errorf("%s is %w (%s); the user can start kin with --root FOLDER to allow another folder",
		r.Display(abs), ErrOutside, r.names())
}

// resolver follows the symbolic links of one path, counting them and
// reading the mount table at most once.
type resolver struct {
	roots  *Roots
	links  int
	mounts mountTable
	loaded bool
}

// check refuses p (absolute, resolved) unless it lies inside a root,
// outside the excluded places and not behind a mount showing another place.
func (s *resolver) check(p string) error {
	if !s.loaded {
		s.mounts, s.loaded = readMounts(), true
	}
	return s.roots.checkWith(p, s.mounts)
}

// check is [resolver.check] without a shared mount table.
func (r *Roots) check(p string, m mountTable) error {
	if m == nil {
		m = readMounts()
	}
	return r.checkWith(p, m)
}

func (r *Roots) checkWith(p string, m mountTable) error {
	root, ok := r.rootOf(p)
	if !ok {
		return fmt.Errorf("%s is %w (%s)", r.Display(p), ErrOutside, r.names())
	}
	if e, ok := r.excludedBy(p); ok {
		return fmt.Errorf("%s is inside %s, %w (keys, passwords, browser profiles and kin's own files are kept out of reach)",
			r.Display(p), r.Display(e.path), ErrExcluded)
	}
	return m.check(r, root.real, p)
}

// eval returns abs (absolute, clean) with every symbolic link followed;
// a missing tail is appended as named. Each link's destination must pass
// check, so a link may not even pass through a place outside the roots.
func (s *resolver) eval(abs string) (string, error) {
	cur := "/"
	rest := strings.Split(strings.TrimPrefix(abs, "/"), "/")
	for len(rest) > 0 {
		c := rest[0]
		rest = rest[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, c)
		fi, err := os.Lstat(next)
		if errors.Is(err, iofs.ErrNotExist) {
			return filepath.Join(append([]string{next}, rest...)...), nil
		}
		if err != nil {
			return "", s.lookError(next, err)
		}
		if fi.Mode()&iofs.ModeSymlink == 0 {
			if !fi.IsDir() && len(rest) > 0 {
				return "", fmt.Errorf("%s is a file, not a folder, so nothing can be inside it", s.roots.Display(next))
			}
			cur = next
			continue
		}
		if cur, err = s.follow(next); err != nil {
			return "", err
		}
	}
	return cur, nil
}

// follow resolves the symbolic link at link and, when the link lies in a
// root, checks where it leads.
func (s *resolver) follow(link string) (string, error) {
	if s.links++; s.links > maxLinks {
		return "", fmt.Errorf("%s: too many symbolic links in a row (a loop?); give the real path", s.roots.Display(link))
	}
	target, err := os.Readlink(link)
	if err != nil {
		return "", s.lookError(link, err)
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(link), target)
	}
	dest, err := s.eval(filepath.Clean(target))
	if err != nil {
		return "", err
	}
	if _, inRoot := s.roots.rootOf(link); !inRoot {
		return dest, nil // a link above the roots (say /home -> /usr/home) is the system's business
	}
	if err := s.check(dest); err != nil {
		return "", fmt.Errorf("%s is a symbolic link that leads to %s, and %w", s.roots.Display(link), s.roots.Display(dest), err)
	}
	return dest, nil
}

func (s *resolver) lookError(p string, err error) error {
	if errors.Is(err, iofs.ErrPermission) {
		return fmt.Errorf("kin is not allowed to look into %s (permission denied)", s.roots.Display(p))
	}
	if errors.Is(err, syscall.ENOTDIR) {
		return fmt.Errorf("%s is not a folder, so nothing can be inside it", s.roots.Display(filepath.Dir(p)))
	}
	return fmt.Errorf("could not look at %s: %w", s.roots.Display(p), err)
}
