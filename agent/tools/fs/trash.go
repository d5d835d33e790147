package fs

import (
	"errors"
	"fmt"
	iofs "io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"
)

// trashCan is one freedesktop.org trash folder (Trash specification 1.0):
// files/ holds the trashed entries, info/ a NAME.trashinfo for each. top is
// the $topdir of a per-disk trash, whose Path= lines are relative to it;
// "" for the home trash, whose Path= lines are absolute.
type trashCan struct{ dir, top string }

// toTrash moves entry to the home trash when it is on the same
// filesystem, else to its disk's $topdir trash; it never unlinks.
func (k *kit) toTrash(entry string) (string, error) {
	now := k.Now()
	if sameDevice(filepath.Dir(entry), k.Trash) {
		where, err := trashCan{dir: k.Trash}.put(entry, now)
		if !errors.Is(err, syscall.EXDEV) {
			return where, err
		}
	}
	c, err := topTrash(topdir(filepath.Dir(entry)))
	if err != nil {
		return "", err
	}
	return c.put(entry, now)
}

// sameDevice reports whether a and the nearest existing folder of b are
// on one filesystem (true when that cannot be told).
func sameDevice(a, b string) bool {
	for {
		if _, err := os.Lstat(b); err == nil || filepath.Dir(b) == b {
			break
		}
		b = filepath.Dir(b)
	}
	da, okA := devOf(a)
	db, okB := devOf(b)
	return !okA || !okB || da == db
}

// topdir is the mount point of the filesystem holding dir.
func topdir(dir string) string {
	if m, ok := readMounts().owner(dir); ok {
		return m.point
	}
	dev, ok := devOf(dir)
	for ok && filepath.Dir(dir) != dir {
		if up, okUp := devOf(filepath.Dir(dir)); !okUp || up != dev {
			break
		}
		dir = filepath.Dir(dir)
	}
	return dir
}

// topTrash returns the trash of the disk mounted at top: $top/.Trash/$UID
// when $top/.Trash is a real sticky folder, else $top/.Trash-$UID, made
// if missing and used only when it is a real folder of this user.
func topTrash(top string) (trashCan, error) {
	uid := strconv.Itoa(os.Getuid())
	if fi, err := os.Lstat(filepath.Join(top, ".Trash")); err == nil && fi.IsDir() && fi.Mode()&iofs.ModeSticky != 0 {
		if c, err := ownTrash(filepath.Join(top, ".Trash", uid), top); err == nil {
			return c, nil
		}
	}
	c, err := ownTrash(filepath.Join(top, ".Trash-"+uid), top)
	if err != nil {
		return c, fmt.Errorf("it is on another disk (%s) and its trash folder cannot be used (%v)", top, err)
	}
	return c, nil
}

// ownTrash makes dir (mode 0700) unless it exists, and accepts it only as
// a real folder owned by this user.
func ownTrash(dir, top string) (trashCan, error) {
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, iofs.ErrExist) {
		return trashCan{}, err
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return trashCan{}, err
	}
	if !fi.IsDir() || !ownedByMe(fi) {
		return trashCan{}, fmt.Errorf("%s is not a folder of this user", dir)
	}
	return trashCan{dir: dir, top: top}, nil
}

// put moves entry into the can under a free name, writing its .trashinfo
// first with O_EXCL (which reserves the name, as the specification asks).
func (c trashCan) put(entry string, now time.Time) (string, error) {
	files, info := filepath.Join(c.dir, "files"), filepath.Join(c.dir, "info")
	for _, d := range []string{files, info} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return "", err
		}
	}
	record, base := c.record(entry, now), shorten(filepath.Base(entry), 200)
	for i := 1; i <= 10000; i++ {
		name := numbered(base, i)
		infoPath := filepath.Join(info, name+".trashinfo")
		f, err := os.OpenFile(infoPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, iofs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.WriteString(record)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if _, lerr := os.Lstat(filepath.Join(files, name)); err == nil && lerr == nil {
			os.Remove(infoPath) // a stray entry without info holds the name
			continue
		}
		if err == nil {
			err = os.Rename(entry, filepath.Join(files, name))
		}
		if err != nil {
			os.Remove(infoPath)
			return "", err
		}
		return filepath.Join(files, name), nil
	}
	return "", errors.New("too many items of that name are in the trash already")
}

// record is the .trashinfo text for entry.
func (c trashCan) record(entry string, now time.Time) string {
	p := entry
	if c.top != "" {
		if rel, err := filepath.Rel(c.top, entry); err == nil {
			p = rel
		}
	}
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return fmt.Sprintf("[Trash Info]\nPath=%s\nDeletionDate=%s\n", strings.Join(parts, "/"), now.Format("2006-01-02T15:04:05"))
}

// numbered is the i-th name for base in the trash: "a.txt", "a.2.txt", ….
func numbered(base string, i int) string {
	if i == 1 {
		return base
	}
	ext := filepath.Ext(base)
	if ext == "" || ext == base {
		return base + "." + strconv.Itoa(i)
	}
	return strings.TrimSuffix(base, ext) + "." + strconv.Itoa(i) + ext
}

// shorten cuts s to at most n bytes on a character boundary.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
