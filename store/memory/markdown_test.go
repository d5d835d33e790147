package memory

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestMarkdownRoundTripTrickyText(t *testing.T) {
	texts := []string{
		"plain", "yes", "no", "1.5", "null", "~", "- list", "key: value", "# heading",
		"---", "line one\nline two", "trailing newline\n", "\n\nleading blank lines",
		"  indented", "tabs\tinside", "quotes ' and \"", "unicode 日本語 ✓", "ends with space ",
		"content\n---\nthat looks like frontmatter", "back\\slash", "{json: true}", "[1, 2]",
	}
	for _, s := range texts {
		e := entry("k", Feedback, 0.35, t0, "a b", "c")
		e.Name, e.Description, e.Content, e.Context = s, s, s, s
		e.ExpiresAt = t0.Add(123456789 * time.Nanosecond)
		if strings.TrimSpace(s) == "" {
			continue
		}
		e.Name, e.Description = strings.TrimSpace(e.Name), strings.TrimSpace(e.Description)
		data, err := MarshalMarkdown(&e, "k")
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		got, err := UnmarshalMarkdown(data, "k", t0.Add(time.Hour))
		if err != nil {
			t.Fatalf("%q: %v\n%s", s, err, data)
		}
		if !reflect.DeepEqual(got, e) {
			t.Errorf("%q: round trip\n got %#v\nwant %#v\nfile:\n%s", s, got, e, data)
		}
	}
}

func TestUnmarshalMarkdownDefaults(t *testing.T) {
	file := "---\r\nname: Coffee\r\ndescription: how they take it\r\ntype: user\r\n---\r\nBlack, no sugar.\r\n"
	e, err := UnmarshalMarkdown([]byte(file), "Coffee Order", t0)
	if err != nil {
		t.Fatal(err)
	}
	if e.Key != "coffee_order" || e.Salience != DefaultSalience || e.ID == "" || !e.CreatedAt.Equal(t0) || e.Content != "Black, no sugar." {
		t.Errorf("defaults: %+v", e)
	}
	for name, bad := range map[string]string{
		"no frontmatter": "just text\n",
		"unclosed":       "---\nname: x\n",
		"no type":        "---\nname: x\ndescription: y\n---\nbody\n",
		"no description": "---\nname: x\ntype: project\n---\nbody\n",
		"null desc":      "---\nname: x\ndescription:\ntype: project\n---\nbody\n",
		"no name":        "---\ndescription: y\ntype: project\n---\nbody\n",
		"empty head":     "---\n---\nbody\n",
		"bad type":       "---\nname: x\ndescription: y\ntype: mood\n---\nbody\n",
		"unknown field":  "---\nname: x\ndescription: y\ntype: user\nauthor: me\n---\nbody\n",
		"bad time":       "---\nname: x\ndescription: y\ntype: user\ncreated: yesterday\n---\nbody\n",
		"bad salience":   "---\nname: x\ndescription: y\ntype: user\nsalience: 3\n---\nbody\n",
		"empty body":     "---\nname: x\ndescription: y\ntype: user\n---\n",
	} {
		if _, err := UnmarshalMarkdown([]byte(bad), "k", t0); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestUnmarshalMarkdownNamesMissingFields(t *testing.T) {
	for file, want := range map[string]string{
		"---\nname: X\ntype: project\n---\nbody": "description is missing",
		"---\ntype: project\n---\nbody":          "name and description are missing",
		"---\nname: X\ndescription: d\n---\nb":   "type is missing",
	} {
		_, err := UnmarshalMarkdown([]byte(file), "k", t0)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err = %v, want it to say %q", file, err, want)
		}
	}
	// An empty description is what export writes for a memory stored without one.
	e := entry("k", User, 0.5, t0)
	e.Description = ""
	data, err := MarshalMarkdown(&e, "k")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := UnmarshalMarkdown(data, "k", t0); err != nil {
		t.Errorf("export of an entry without a description does not import: %v\n%s", err, data)
	}
}

func TestExportRefusesForeignFolderAndRemovesStale(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "thesis.md"), []byte("mine"), 0o644)
	if _, err := Export(dir, nil); err == nil {
		t.Fatal("export into a folder of someone's files succeeded")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "thesis.md")); string(b) != "mine" {
		t.Fatal("file touched")
	}

	dir = t.TempDir()
	a, b := entry("a", User, 0.5, t0), entry("b", User, 0.5, t0)
	if _, err := Export(dir, []Entry{a, b}); err != nil {
		t.Fatal(err)
	}
	if _, err := Export(dir, []Entry{a}); err != nil {
		t.Fatal(err)
	}
	got, err := Import(dir, t0)
	if err != nil || len(got) != 1 || got[0].Key != "a" {
		t.Errorf("after re-export without b: %v, %v", got, err)
	}
}

func TestImportReportsEveryBadFileAndDuplicateKeys(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "one.md"), []byte("no frontmatter"), 0o644)
	os.WriteFile(filepath.Join(dir, "two.md"), []byte("---\nname: x\n---\nb\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("---\nname: A\ndescription: d\ntype: user\nkey: same\n---\nb\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "same.md"), []byte("---\nname: B\ndescription: d\ntype: user\n---\nb\n"), 0o644)
	_, err := Import(dir, t0)
	if err == nil {
		t.Fatal("import succeeded")
	}
	for _, want := range []string{"one.md", "two.md", `key "same" is also used by a.md`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not mention %q:\n%v", want, err)
		}
	}
}

func TestFileNamesAreUniqueCaseInsensitively(t *testing.T) {
	names := fileNames([]Entry{{Key: "memory"}, {Key: "a"}, {Key: "a-2"}})
	// memory.md would be MEMORY.md on a case-insensitive file system.
	if strings.Join(names, ",") != "memory-2.md,a.md,a-2.md" {
		t.Errorf("names = %v", names)
	}
}
