package memory

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// frontmatter is the YAML header of a memory file. Name, description and type are
// required; key defaults to the file name; the rest are optional and written on export
// so that a round trip is lossless.
type frontmatter struct {
	Name        text     `yaml:"name"`
	Description text     `yaml:"description"`
	Type        string   `yaml:"type"`
	Key         string   `yaml:"key,omitempty"`
	Tags        []string `yaml:"tags,omitempty,flow"`
	Salience    *float64 `yaml:"salience,omitempty"`
	Context     text     `yaml:"context,omitempty"`
	Expires     string   `yaml:"expires,omitempty"`
	ID          string   `yaml:"id,omitempty"`
	Created     string   `yaml:"created,omitempty"`
	Updated     string   `yaml:"updated,omitempty"`
}

const fence = "---\n"

// MarshalMarkdown renders e as a memory file: YAML frontmatter between "---" lines, then
// the content and one newline. The key is written only when it differs from stem, the
// file name without ".md".
func MarshalMarkdown(e *Entry, stem string) ([]byte, error) {
	fm := frontmatter{
		Name:        text(e.Name),
		Description: text(e.Description),
		Type:        string(e.Type),
		Tags:        e.Tags,
		Salience:    &e.Salience,
		Context:     text(e.Context),
		ID:          e.ID,
		Created:     formatTime(e.CreatedAt),
		Updated:     formatTime(e.UpdatedAt),
		Expires:     formatTime(e.ExpiresAt),
	}
	if e.Key != stem {
		fm.Key = e.Key
	}
	var b bytes.Buffer
	b.WriteString(fence)
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&fm); err != nil {
		return nil, fmt.Errorf("memory %q: frontmatter: %w", e.Key, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("memory %q: frontmatter: %w", e.Key, err)
	}
	b.WriteString(fence)
	b.WriteString(e.Content)
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// UnmarshalMarkdown parses a memory file whose name without ".md" is stem. Missing
// optional fields get defaults: key from stem, salience [DefaultSalience], a new ID, and
// now for the times. One trailing newline after the content is dropped.
func UnmarshalMarkdown(data []byte, stem string, now time.Time) (Entry, error) {
	text := string(data)
	if strings.HasPrefix(text, "---\r\n") {
		text = strings.ReplaceAll(text, "\r\n", "\n")
	}
	head, body, err := splitFrontmatter(text)
	if err != nil {
		return Entry{}, err
	}
	if err := checkRequired(head); err != nil {
		return Entry{}, err
	}
	var fm frontmatter
	dec := yaml.NewDecoder(strings.NewReader(head))
	dec.KnownFields(true)
	if err := dec.Decode(&fm); err != nil {
		return Entry{}, fmt.Errorf("frontmatter: %w", err)
	}
	return fm.entry(strings.TrimSuffix(body, "\n"), stem, now.Round(0).UTC())
}

// splitFrontmatter separates the YAML between the opening and closing fences from the body.
func splitFrontmatter(text string) (head, body string, err error) {
	if !strings.HasPrefix(text, fence) {
		return "", "", errors.New(`no frontmatter: the file must start with a "---" line`)
	}
	rest := text[len(fence):]
	if strings.HasPrefix(rest, fence) {
		return "", rest[len(fence):], nil
	}
	i := strings.Index(rest, "\n"+fence)
	if i < 0 {
		if strings.HasSuffix(rest, "\n---") {
			return rest[:len(rest)-4], "", nil
		}
		return "", "", errors.New(`frontmatter has no closing "---" line`)
	}
	return rest[:i+1], rest[i+1+len(fence):], nil
}

// requiredFields are the frontmatter fields every memory file must have (docs/memory.md).
var requiredFields = []string{"name", "description", "type"}

// checkRequired reports the required fields head leaves out or leaves null. A field
// present but empty ("description: \"\"") is accepted: export writes one for a memory
// stored without a description, and export then import must be lossless.
func checkRequired(head string) error {
	var present map[string]any
	if err := yaml.Unmarshal([]byte(head), &present); err != nil {
		return fmt.Errorf("frontmatter: %w", err)
	}
	var missing []string
	for _, f := range requiredFields {
		if v, ok := present[f]; !ok || v == nil {
			missing = append(missing, f)
		}
	}
	switch len(missing) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("frontmatter: %s is missing (name, description and type are required)", missing[0])
	}
	last := len(missing) - 1
	return fmt.Errorf("frontmatter: %s and %s are missing (name, description and type are required)",
		strings.Join(missing[:last], ", "), missing[last])
}

func (fm *frontmatter) entry(content, stem string, now time.Time) (Entry, error) {
	e := Entry{
		ID: fm.ID, Key: fm.Key, Name: string(fm.Name), Description: string(fm.Description),
		Type: Type(fm.Type), Content: content, Tags: NormalizeTags(fm.Tags),
		Context: string(fm.Context), Salience: DefaultSalience, CreatedAt: now, UpdatedAt: now,
	}
	if e.Key == "" {
		e.Key = NormalizeKey(stem)
	}
	if e.ID == "" {
		e.ID = NewID()
	}
	if fm.Salience != nil {
		e.Salience = *fm.Salience
	}
	var err error
	for _, f := range []struct {
		name string
		src  string
		dst  *time.Time
	}{{"created", fm.Created, &e.CreatedAt}, {"updated", fm.Updated, &e.UpdatedAt}, {"expires", fm.Expires, &e.ExpiresAt}} {
		if f.src == "" {
			continue
		}
		if *f.dst, err = time.Parse(time.RFC3339Nano, f.src); err != nil {
			return Entry{}, fmt.Errorf("%s: want a time like 2006-01-02T15:04:05Z: %w", f.name, err)
		}
		*f.dst = f.dst.UTC()
	}
	return e, e.Validate()
}

func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// text is a frontmatter string. Text spanning lines or with space at either end is
// written double-quoted: yaml.v3 mangles leading blank lines in block scalars.
type text string

// MarshalYAML implements yaml.Marshaler.
func (t text) MarshalYAML() (any, error) {
	s := string(t)
	if strings.ContainsAny(s, "\n\r") || strings.TrimSpace(s) != s {
		return &yaml.Node{Kind: yaml.ScalarNode, Style: yaml.DoubleQuotedStyle, Tag: "!!str", Value: s}, nil
	}
	return s, nil
}
