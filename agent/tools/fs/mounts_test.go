package fs

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

const sampleMountinfo = `27 1 254:0 / / rw,relatime - ext4 /dev/vda rw
30 27 0:40 / /home/ada/ram rw - tmpfs tmpfs rw
31 27 254:0 /srv/data /home/ada/data rw - ext4 /dev/vda rw
32 27 254:0 /home/ada/photos /home/ada/pics rw - ext4 /dev/vda rw
33 27 254:0 /home/ada /home/ada/mirror rw - ext4 /dev/vda rw
34 27 254:0 /home/ada/My\040Files /home/ada/my\040files rw - ext4 /dev/vda rw
35 27 0:41 / /home/ada/usb rw - vfat /dev/sdb1 rw
bad line
`

func TestParseMountinfo(t *testing.T) {
	m := parseMountinfo(sampleMountinfo)
	if len(m) != 7 {
		t.Fatalf("parsed %d mounts, want 7: %+v", len(m), m)
	}
	if m[5].point != "/home/ada/my files" || m[5].root != "/home/ada/My Files" {
		t.Errorf("escapes not undone: %+v", m[5])
	}
	if m[1].fstype != "tmpfs" || m[1].dev != "0:40" || m[6].source != "/dev/sdb1" {
		t.Errorf("fields: %+v %+v", m[1], m[6])
	}
	if o, _ := m.owner("/home/ada/ram/x"); o.point != "/home/ada/ram" {
		t.Errorf("owner = %+v", o)
	}
}

func TestMountRule(t *testing.T) {
	table := parseMountinfo(sampleMountinfo)
	r := &Roots{home: place{"/home/ada", "/home/ada"},
		dirs:    []place{{"/home/ada", "/home/ada"}, {"/home/ada/usb", "/home/ada/usb"}},
		exclude: []place{{"/home/ada/.ssh", "/home/ada/.ssh"}}}
	cases := []struct {
		path string
		ok   bool
	}{
		{"/home/ada/notes/a.txt", true},
		{"/home/ada/ram/x", false},       // another filesystem inside the root
		{"/home/ada/data/x", false},      // a bind of a folder outside the roots
		{"/home/ada/pics/cat.png", true}, // a bind of a folder inside the root
		{"/home/ada/mirror/a", false},    // a bind that would expose ~/.ssh again
		{"/home/ada/my files/b", true},   // escaped names
		{"/home/ada/usb/song.mp3", true}, // another disk that is itself a root
	}
	for _, c := range cases {
		root, _ := r.rootOf(c.path)
		err := table.check(r, root.real, c.path)
		if (err == nil) != c.ok {
			t.Errorf("check(%s) = %v, want ok=%v", c.path, err, c.ok)
		}
		if err != nil && !errors.Is(err, ErrOutside) {
			t.Errorf("check(%s) error does not wrap ErrOutside: %v", c.path, err)
		}
	}
	foreign := table.foreignPoints(r, "/home/ada")
	if !foreign["/home/ada/ram"] || !foreign["/home/ada/data"] || foreign["/home/ada/pics"] || foreign["/home/ada/usb"] {
		t.Errorf("foreignPoints = %v", foreign)
	}
}

// bind bind-mounts src at dst for the test, or skips when mounting is not
// permitted.
func bind(t *testing.T, src, dst string) {
	t.Helper()
	if err := syscall.Mount(src, dst, "", syscall.MS_BIND, ""); err != nil {
		t.Skipf("cannot bind-mount here (%v); the rule is covered by TestMountRule", err)
	}
	t.Cleanup(func() { syscall.Unmount(dst, syscall.MNT_DETACH) })
}

func TestBindMounts(t *testing.T) {
	if _, err := os.Stat(mountinfoPath); err != nil {
		t.Skip("no mount table here")
	}
	s := newSandbox(t)
	for _, d := range []string{"exposed", "pics", "photos"} {
		if err := os.MkdirAll(s.p(d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	s.file("photos/cat.txt", "meow")
	bind(t, s.outside, s.p("exposed"))
	bind(t, s.p("photos"), s.p("pics"))
	if _, err := s.roots.Resolve("~/exposed/secret.txt"); !errors.Is(err, ErrOutside) || !strings.Contains(err.Error(), "mount point") {
		t.Errorf("a bind of an outside folder was let through: %v", err)
	}
	if p, err := s.roots.Resolve("~/pics/cat.txt"); err != nil || p != s.p("pics/cat.txt") {
		t.Errorf("a bind of a folder inside the root was refused: %q %v", p, err)
	}
	res, err := s.call("fs_search", obj{"path": "~", "pattern": "secret"})
	expect(t, res, err, "", "nothing found")
	res, err = s.call("fs_walk", obj{"path": "~"})
	expect(t, res, err, "", "exposed/  (another filesystem, not opened)")
	if strings.Contains(res.Text, "secret.txt") {
		t.Errorf("fs_walk entered the foreign mount:\n%s", res.Text)
	}
	res, err = s.call("fs_delete", obj{"path": "~/pics"})
	expect(t, res, err, "mount point")
}

func TestTrashOnAnotherDisk(t *testing.T) {
	s := newSandbox(t)
	disk := s.p("usb")
	if err := os.Mkdir(disk, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", disk, "tmpfs", 0, "size=4m"); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v)", err)
	}
	t.Cleanup(func() { syscall.Unmount(disk, syscall.MNT_DETACH) })
	roots, err := NewRoots([]string{s.home, disk}, []string{s.p(".ssh")})
	if err != nil {
		t.Fatal(err)
	}
	s.use(Config{Roots: roots, Home: s.home})
	s.file("usb/song.txt", "la la")
	res, err := s.call("fs_delete", obj{"path": "~/usb/song.txt"})
	expect(t, res, err, "", "to the trash")
	uid := os.Getuid()
	info, err := os.ReadFile(filepath.Join(disk, ".Trash-"+strconv.Itoa(uid), "info", "song.txt.trashinfo"))
	if err != nil {
		t.Fatalf("no $topdir trash entry: %v (%s)", err, res.Text)
	}
	if !strings.Contains(string(info), "Path=song.txt\n") {
		t.Errorf("a $topdir trash records paths relative to the disk:\n%s", info)
	}
	if _, err := os.Stat(filepath.Join(disk, ".Trash-"+strconv.Itoa(uid), "files", "song.txt")); err != nil {
		t.Errorf("file not in the disk's trash: %v", err)
	}
}
