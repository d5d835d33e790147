package fs

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// mount is one line of /proc/self/mountinfo.
type mount struct {
	dev    string // major:minor of the filesystem
	root   string // the subtree of the filesystem shown
	point  string // where it is shown
	fstype string
	source string // e.g. /dev/sda2 or tmpfs
}

// mountTable is the process's mount table in the kernel's order (a later
// mount on the same point hides an earlier one).
type mountTable []mount

// mountinfoPath is where the mount table is read from.
var mountinfoPath = "/proc/self/mountinfo"

// readMounts returns the mount table, or nil when it cannot be read (the
// mount rule is then not applied).
func readMounts() mountTable {
	data, err := os.ReadFile(mountinfoPath)
	if err != nil {
		return nil
	}
	return parseMountinfo(string(data))
}

// parseMountinfo parses mountinfo text, skipping malformed lines.
func parseMountinfo(text string) mountTable {
	var t mountTable
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		sep := -1
		for i := 6; i < len(f); i++ {
			if f[i] == "-" {
				sep = i
				break
			}
		}
		if sep < 0 || sep+2 >= len(f) {
			continue
		}
		t = append(t, mount{dev: f[2], root: unescapeMount(f[3]), point: unescapeMount(f[4]),
			fstype: f[sep+1], source: unescapeMount(f[sep+2])})
	}
	return t
}

// unescapeMount undoes mountinfo's octal escapes (\040 for a space).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// owner returns the mount that p lies on: the deepest mount point holding
// p, the last listed on a tie.
func (t mountTable) owner(p string) (mount, bool) {
	best, found := mount{}, false
	for _, m := range t {
		if within(p, m.point) && (!found || len(m.point) >= len(best.point)) {
			best, found = m, true
		}
	}
	return best, found
}

// check applies the mount rule to p, which lies in root: every mount whose
// point is strictly inside root and holds p must show a subtree of a
// filesystem that is also visible at a place inside the roots and outside
// the excluded ones (a bind mount of a folder in the roots). Another
// filesystem, or a subtree from elsewhere, is refused: its mount point
// would let the tools reach what the roots do not name. A mount point that
// is itself a root is never checked (root is the deepest root holding p),
// because the user named it.
func (t mountTable) check(r *Roots, root, p string) error {
	for i, m := range t {
		if m.point == root || !within(m.point, root) || !within(p, m.point) {
			continue
		}
		if !t.shownInRoots(r, i) {
			return fmt.Errorf("%s is under %s, a mount point that shows %s from %s rather than a folder inside %s, so it is %w; the user can start kin with --root %s to allow it",
				r.Display(p), r.Display(m.point), m.root, m.source, r.names(), ErrOutside, m.point)
		}
	}
	return nil
}

// shownInRoots reports whether the subtree mount i shows is also visible,
// through another mount of the same filesystem, at a place inside the
// roots and outside the excluded places.
func (t mountTable) shownInRoots(r *Roots, i int) bool {
	m := t[i]
	for j, n := range t {
		if j == i || n.dev != m.dev || within(n.point, m.point) || !within(m.root, n.root) {
			continue
		}
		rel, err := filepath.Rel(n.root, m.root)
		if err != nil {
			continue
		}
		src := filepath.Join(n.point, rel)
		if _, ok := r.rootOf(src); !ok {
			continue
		}
		if _, bad := r.excludedBy(src); bad {
			continue
		}
		if _, bad := r.holdsExcluded(src); bad {
			continue
		}
		return true
	}
	return false
}

// foreignPoints returns the mount points under root that the mount rule
// refuses (judged against the deepest root holding each), for walks to skip.
func (t mountTable) foreignPoints(r *Roots, root string) map[string]bool {
	out := map[string]bool{}
	for _, m := range t {
		if !within(m.point, root) {
			continue
		}
		if deepest, _ := r.rootOf(m.point); m.point != deepest.real && t.check(r, deepest.real, m.point) != nil {
			out[m.point] = true
		}
	}
	return out
}
