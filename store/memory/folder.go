package memory

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// IndexFile is the name of the index an export writes beside the memory files.
const IndexFile = "MEMORY.md"

// ErrNotExportDir is returned by [Export] for a folder that holds files but no
// MEMORY.md: kin does not write over files it did not make.
var ErrNotExportDir = errors.New("memory: folder is not empty and has no " + IndexFile)

// Export writes entries to dir as one Markdown file each, named after the key, plus the
// MEMORY.md index. dir must be missing, empty or an earlier export; memory files of an
// earlier export that are not rewritten are removed, so that importing the folder does
// not bring back what was forgotten. It returns the file names written, in key order.
func Export(dir string, entries []Entry) ([]string, error) {
	old, err := exportTarget(dir)
	if err != nil {
		return nil, err
	}
	entries = slices.Clone(entries)
	slices.SortFunc(entries, func(a, b Entry) int { return cmp.Compare(a.Key, b.Key) })
	names := fileNames(entries)
	for i := range entries {
		data, err := MarshalMarkdown(&entries[i], strings.TrimSuffix(names[i], ".md"))
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, names[i]), data, 0o644); err != nil {
			return nil, fmt.Errorf("memory: export: %w", err)
		}
		delete(old, names[i])
	}
	for name := range old {
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			return nil, fmt.Errorf("memory: export: remove stale %s: %w", name, err)
		}
	}
	index := []byte(Index(entries, names))
	if err := os.WriteFile(filepath.Join(dir, IndexFile), index, 0o644); err != nil {
		return nil, fmt.Errorf("memory: export: %w", err)
	}
	return names, nil
}

// exportTarget creates dir if needed and returns the memory files of an earlier export.
func exportTarget(dir string) (map[string]bool, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("memory: export: %w", err)
	}
	des, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("memory: export: %w", err)
	}
	old := map[string]bool{}
	hasIndex := false
	for _, de := range des {
		switch {
		case de.Name() == IndexFile:
			hasIndex = true
		case de.Type().IsRegular() && strings.HasSuffix(de.Name(), ".md"):
			old[de.Name()] = true
		}
	}
	if len(des) > 0 && !hasIndex {
		return nil, fmt.Errorf("%w: %s", ErrNotExportDir, dir)
	}
	return old, nil
}

// fileNames picks a file name for each entry: the key plus ".md", made unique even on a
// case-insensitive file system and never MEMORY.md, with "-2", "-3"… added when needed.
func fileNames(entries []Entry) []string {
	used := map[string]bool{strings.ToLower(IndexFile): true}
	names := make([]string, len(entries))
	for i, e := range entries {
		name := e.Key + ".md"
		for n := 2; used[strings.ToLower(name)]; n++ {
			name = e.Key + "-" + strconv.Itoa(n) + ".md"
		}
		used[strings.ToLower(name)] = true
		names[i] = name
	}
	return names
}

// Index renders MEMORY.md: a heading per type and a link per entry to its file.
func Index(entries []Entry, names []string) string {
	var b strings.Builder
	b.WriteString("# Memory\n\nWhat kin remembers, one file per memory. Edit the files, then run\n`kin memory import` on this folder.\n")
	for _, t := range Types {
		first := true
		for i, e := range entries {
			if e.Type != t {
				continue
			}
			if first {
				fmt.Fprintf(&b, "\n## %s\n\n", strings.ToUpper(string(t[:1]))+string(t[1:]))
				first = false
			}
			name := strings.NewReplacer("[", `\[`, "]", `\]`, "\n", " ").Replace(e.Name)
			fmt.Fprintf(&b, "- [%s](%s)", name, names[i])
			if e.Description != "" {
				b.WriteString(" — " + strings.ReplaceAll(e.Description, "\n", " "))
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Import reads every memory file in dir (all *.md but MEMORY.md) and returns the entries
// in key order. It reads everything before it returns: one bad file fails the import and
// the error names each bad file. Fields a file leaves out get defaults, times at now.
func Import(dir string, now time.Time) ([]Entry, error) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("memory: import: %w", err)
	}
	var out []Entry
	var errs []error
	from := map[string]string{}
	for _, de := range des {
		name := de.Name()
		if name == IndexFile || !strings.HasSuffix(name, ".md") || de.IsDir() {
			continue
		}
		e, err := importFile(dir, name, now)
		if err == nil && from[e.Key] != "" {
			err = fmt.Errorf("key %q is also used by %s", e.Key, from[e.Key])
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
			continue
		}
		from[e.Key] = name
		out = append(out, e)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("memory: import %s: %w", dir, errors.Join(errs...))
	}
	slices.SortFunc(out, func(a, b Entry) int { return cmp.Compare(a.Key, b.Key) })
	return out, nil
}

func importFile(dir, name string, now time.Time) (Entry, error) {
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return Entry{}, err
	}
	return UnmarshalMarkdown(data, strings.TrimSuffix(name, ".md"), now)
}
