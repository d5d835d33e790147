package settings

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"

	"gopkg.in/yaml.v3"
)

// File is a settings file as read: the values, the line each key is on,
// and the YAML tree a save edits (so comments and key order stay).
type File struct {
	Path     string
	Settings Settings
	// Lines maps a key to its line in the file (a list's items as
	// "roots[0]"); keys not in it are absent.
	Lines map[string]int
	// Legacy is the config.json the values came from ("" for none); the
	// first save writes Path and renames it to config.json.migrated.
	Legacy string
	doc    *yaml.Node // nil when Path does not exist yet
	raw    []byte     // the file's text when it holds no keys (only comments)
}

// Load reads path (or the config.json beside it while path is missing);
// no file gives the zero Settings and no error. A file that does not parse
// gives the zero Settings and an error naming the file and line.
func Load(path string) (Settings, error) {
	f, err := Open(path)
	if err != nil {
		return Settings{}, err
	}
	return f.Settings, nil
}

// Open reads path as [Load] does and keeps what a save needs.
func Open(path string) (*File, error) {
	f := &File{Path: path, Lines: map[string]int{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return f.openLegacy()
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var doc yaml.Node
	if err := decodeOne(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %s", path, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(doc.Content) == 0 {
		f.raw = asUTF8(data) // empty, or only comments: kept above what is added
		return f, nil
	}
	f.doc = &doc
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: line %d: the settings must be keys with values (name: Ada), not a %s", path, root.Line, root.ShortTag())
	}
	for i := 0; i < len(root.Content); i += 2 {
		k := root.Content[i]
		if _, ok := Lookup(k.Value); !ok || k.Value != mustKey(k.Value) {
			return nil, fmt.Errorf("%s: line %d: unknown key %q (known: %s)", path, k.Line, k.Value, keyNames())
		}
		if _, dup := f.Lines[k.Value]; dup {
			return nil, fmt.Errorf("%s: line %d: %s is set twice", path, k.Line, k.Value)
		}
		f.Lines[k.Value] = k.Line
		if v := root.Content[i+1]; v.Kind == yaml.SequenceNode {
			for j, item := range v.Content {
				f.Lines[fmt.Sprintf("%s[%d]", k.Value, j)] = item.Line
			}
		}
	}
	if err := root.Decode(&f.Settings); err != nil {
		var te *yaml.TypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("%s: %s", path, strings.Join(te.Errors, "; "))
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(f.Settings.Roots) == 0 { // "roots:" with no folders under it is no roots
		f.Settings.Roots = nil
	}
	if len(f.Settings.AlwaysAllow) == 0 {
		f.Settings.AlwaysAllow = nil
	}
	if err := f.Settings.check(); err != nil {
		return nil, f.lineError(err)
	}
	return f, nil
}

// decodeOne decodes data, one YAML document, into doc (left empty when data
// holds none). Text after the document is an error: yaml.v3 would ignore
// keys written below a root mapping in flow style (`{}`) without a word.
func decodeOne(data []byte, doc *yaml.Node) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(doc); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	var more yaml.Node
	switch err := dec.Decode(&more); {
	case errors.Is(err, io.EOF):
		return nil
	case err != nil:
		return fmt.Errorf("%w (the settings are one mapping of keys: is there text after a closing brace?)", err)
	}
	return fmt.Errorf("line %d: the settings are one YAML document, but a second starts here", more.Line)
}

// dropLine returns text without its first line that is exactly line.
func dropLine(text []byte, line string) []byte {
	var out []byte
	dropped := false
	for l := range bytes.Lines(text) {
		if !dropped && string(bytes.TrimRight(l, "\n")) == line {
			dropped = true
			continue
		}
		out = append(out, l...)
	}
	return out
}

// mustKey returns the field's exact spelling.
func mustKey(key string) string {
	f, _ := Lookup(key)
	return f.Key
}

// lineError names the file and, for a field's value, its line.
func (f *File) lineError(err error) error {
	var fe *fieldError
	if errors.As(err, &fe) {
		for _, key := range []string{fe.key, strings.SplitN(fe.key, "[", 2)[0]} {
			if f.Lines[key] > 0 {
				return fmt.Errorf("%s: line %d: %w", f.Path, f.Lines[key], err)
			}
		}
	}
	return fmt.Errorf("%s: %w", f.Path, err)
}

// openLegacy reads the config.json beside f.Path, if there is one.
func (f *File) openLegacy() (*File, error) {
	old := legacyPath(f.Path)
	data, err := os.ReadFile(old)
	if errors.Is(err, os.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", old, err)
	}
	s, err := loadJSON(old, data)
	if err != nil {
		return nil, err
	}
	f.Settings, f.Legacy = s, old
	return f, nil
}

// Save writes s to path, keeping the comments and key order of the file
// there; see [Update].
func Save(path string, s Settings) error {
	return Update(path, func(old *Settings) error { *old = s; return nil })
}

// Update reads path, lets change edit the settings, checks them and writes
// the file back: keys keep their place and comments, new keys are added
// at the end with a comment saying what they mean, and unset keys are
// taken out. A file that does not parse is left alone and its error
// returned.
func Update(path string, change func(*Settings) error) error {
	f, err := Open(path)
	if err != nil {
		return fmt.Errorf("%w (kin leaves the file as it is; fix it first)", err)
	}
	s := f.Settings
	if err := change(&s); err != nil {
		return err
	}
	if err := s.check(); err != nil {
		return err
	}
	return f.write(s)
}

// write saves s into f's tree and the tree to f.Path (0600, folders 0700).
func (f *File) write(s Settings) error {
	var fresh yaml.Node
	if err := fresh.Encode(s); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	doc := f.doc
	var buf bytes.Buffer
	if doc == nil {
		doc = &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}
		if len(bytes.TrimSpace(f.raw)) > 0 {
			buf.Write(bytes.TrimRight(f.raw, "\n"))
			buf.WriteString("\n\n")
		} else {
			doc.HeadComment = header()
		}
	}
	root := doc.Content[0]
	merge(root, &fresh, true)
	root.Style = 0 // block style, one key a line: a flow map would put later keys out of reach (see decodeOne)
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	out := buf.Bytes()
	if len(root.Content) == 0 { // no key is set: only the comments, not an empty "{}"
		out = dropLine(out, "{}")
	}
	if err := writeFile(f.Path, out); err != nil {
		return err
	}
	if f.Legacy != "" {
		if err := os.Rename(f.Legacy, f.Legacy+".migrated"); err != nil {
			return fmt.Errorf("settings: moved to %s, but %w", f.Path, err)
		}
	}
	return nil
}

// writeFile replaces path with data through a temporary file.
func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	return nil
}

// merge makes old's keys and values those of fresh (two mapping nodes):
// a key kept keeps its place and comments, a value its comments; a new key
// goes at the end (with its field's description when top is set); a key
// that is gone hands its head comment to the next one.
func merge(old, fresh *yaml.Node, top bool) {
	want := map[string]*yaml.Node{}
	for i := 0; i+1 < len(fresh.Content); i += 2 {
		want[fresh.Content[i].Value] = fresh.Content[i+1]
	}
	var out []*yaml.Node
	orphan := ""
	for i := 0; i+1 < len(old.Content); i += 2 {
		k, v := old.Content[i], old.Content[i+1]
		nv, ok := want[k.Value]
		if !ok {
			if f, known := Lookup(k.Value); !top || !known || strings.TrimPrefix(k.HeadComment, "# ") != f.Doc { // kin's own note on the key goes with it
				orphan = joinComments(orphan, k.HeadComment)
			}
			continue
		}
		k.HeadComment = joinComments(orphan, k.HeadComment)
		orphan = ""
		out = append(out, k, keepComments(v, nv))
		delete(want, k.Value)
	}
	for i := 0; i+1 < len(fresh.Content); i += 2 {
		k := fresh.Content[i]
		if _, ok := want[k.Value]; !ok {
			continue
		}
		if top {
			if f, ok := Lookup(k.Value); ok {
				k.HeadComment = f.Doc
			}
		}
		out = append(out, k, fresh.Content[i+1])
	}
	old.Content = out
	if orphan != "" {
		old.FootComment = joinComments(old.FootComment, orphan)
	}
}

// keepComments returns the new value with the old value's comments (and,
// for a mapping, its keys' comments and order).
func keepComments(old, nv *yaml.Node) *yaml.Node {
	if old.Kind == yaml.MappingNode && nv.Kind == yaml.MappingNode {
		merge(old, nv, false)
		return old
	}
	if old.Kind == yaml.SequenceNode && nv.Kind == yaml.SequenceNode {
		for i := range min(len(old.Content), len(nv.Content)) {
			nv.Content[i].HeadComment, nv.Content[i].LineComment = old.Content[i].HeadComment, old.Content[i].LineComment
		}
		nv.Style = old.Style
	}
	if old.Kind == yaml.ScalarNode && nv.Kind == yaml.ScalarNode && old.Value == nv.Value {
		nv.Style = old.Style // a value the user quoted stays quoted
	}
	nv.HeadComment, nv.LineComment, nv.FootComment = old.HeadComment, old.LineComment, old.FootComment
	return nv
}

func joinComments(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n" + b
}

// header is the comment a new settings file starts with: what it is and
// every key it may hold.
func header() string {
	var b strings.Builder
	b.WriteString("kin's settings. Every key is optional: take a line out to go back to the default.\n")
	b.WriteString("Flags (kin --fps 30 …) override these for one run. API keys are not kept here:\n")
	b.WriteString("store them with `kin settings set-key PROVIDER` (desktop keyring, else a 0600 file).\n")
	b.WriteString("\nKeys:")
	for _, f := range Fields {
		fmt.Fprintf(&b, "\n  %-20s %s", f.Key+":", f.Doc)
	}
	return b.String()
}

// asUTF8 is text as UTF-8: YAML may come in UTF-16 behind a byte-order
// mark, but a save writes UTF-8, and text kept from the file goes in front
// of what it writes.
func asUTF8(text []byte) []byte {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(text, []byte{0xfe, 0xff}):
		order = binary.BigEndian
	case bytes.HasPrefix(text, []byte{0xff, 0xfe}):
		order = binary.LittleEndian
	default:
		return text
	}
	units := make([]uint16, (len(text)-2)/2)
	for i := range units {
		units[i] = order.Uint16(text[2+2*i:])
	}
	return []byte(string(utf16.Decode(units)))
}
