package skill

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestInstall: a folder, a .tar.gz and a .zip install under DATA/skills;
// an installed name is refused, a traversal archive leaves nothing, and
// Info and Remove find installed skills by name.
func TestInstall(t *testing.T) {
	src := t.TempDir()
	os.WriteFile(filepath.Join(src, "w.tar.gz"), tarGz(t, weatherArchive), 0o644)
	os.WriteFile(filepath.Join(src, "w.zip"), zipped(t, weatherArchive), 0o644)
	os.WriteFile(filepath.Join(src, "evil.zip"), zipped(t, append(weatherArchive, entry{name: "../../x", body: "x", mode: 0o644})), 0o644)
	ctx := context.Background()
	for _, from := range []string{fixtures(t) + "/weather", filepath.Join(src, "w.tar.gz"), filepath.Join(src, "w.zip")} {
		t.Run(filepath.Base(from), func(t *testing.T) {
			data := t.TempDir()
			b, err := Install(ctx, Config{DataDir: data}, from)
			if err != nil {
				t.Fatal(err)
			}
			if b.Name != "weather" || b.Dir != filepath.Join(data, "skills", "weather") {
				t.Errorf("installed %s in %s", b.Name, b.Dir)
			}
			if st, err := os.Stat(b.Program()); err != nil || st.Mode().Perm()&0o100 == 0 {
				t.Errorf("program %s: %v %v", b.Program(), st, err)
			}
			if _, err := Install(ctx, Config{DataDir: data}, from); !errors.Is(err, ErrInstalled) {
				t.Errorf("second install: %v", err)
			}
			bs, problems := Installed(data)
			if len(bs) != 1 || len(problems) > 0 {
				t.Errorf("installed %v %v", bs, problems)
			}
			if err := Remove(data, "weather"); err != nil {
				t.Fatal(err)
			}
			if _, err := Info(data, "weather"); !errors.Is(err, ErrNotInstalled) {
				t.Errorf("info after remove: %v", err)
			}
		})
	}
	data := t.TempDir()
	if _, err := Install(ctx, Config{DataDir: data}, filepath.Join(src, "evil.zip")); !errors.Is(err, ErrUnsafePath) {
		t.Errorf("traversal archive: %v", err)
	}
	if entries, _ := os.ReadDir(InstalledDir(data)); len(entries) != 0 {
		t.Errorf("left %v", entries)
	}
	for _, name := range []string{"../etc", "nope"} {
		if err := Remove(data, name); err == nil {
			t.Errorf("Remove(%q) succeeded", name)
		}
	}
}

// TestInstallRefusesLinks: a folder holding a symlink is not copied.
func TestInstallRefusesLinks(t *testing.T) {
	dir := writeBundle(t, t.TempDir(), "linky", "")
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "passwd")); err != nil {
		t.Skip(err)
	}
	data := t.TempDir()
	if _, err := Install(context.Background(), Config{DataDir: data}, dir); err == nil {
		t.Fatal("a bundle with a link was installed")
	}
	if entries, _ := os.ReadDir(InstalledDir(data)); len(entries) != 0 {
		t.Errorf("left %v", entries)
	}
}
