package manifest

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// SplitFrontmatter separates a leading YAML frontmatter block — between a
// first line "---" and the next line "---" or "..." — from the markdown
// body. ok is false when the document has none; an opened block that is
// never closed is an error.
func SplitFrontmatter(doc string) (front, body string, ok bool, err error) {
	doc = strings.TrimPrefix(doc, "\ufeff")
	first, rest, _ := strings.Cut(doc, "\n")
	if strings.TrimRight(first, " \t\r") != "---" {
		return "", doc, false, nil
	}
	var b strings.Builder
	for rest != "" {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if end := strings.TrimRight(line, " \t\r"); end == "---" || end == "..." {
			return b.String(), rest, true, nil
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return "", doc, false, errors.New(`frontmatter opened by "---" on line 1 is never closed (end it with a line "---")`)
}

// brainFields are the frontmatter keys that override brain fields, with
// their snake_case spellings.
var brainFields = map[string]string{"provider": "provider", "model": "model", "baseURL": "baseURL", "base_url": "baseURL",
	"temperature": "temperature", "maxTokens": "maxTokens", "max_tokens": "maxTokens", "maxRounds": "maxRounds", "max_rounds": "maxRounds"}

// applyFrontmatter sets brain fields from YAML frontmatter. A brain field
// may be a top-level key ("model: x"), a dotted one ("brain.model: x") or
// sit under "brain:"; other top-level keys (title, tags…) are ignored, an
// unknown key under "brain:" is an error. Errors name the field and its
// line in the file (the frontmatter starts on line 2).
func (b *Brain) applyFrontmatter(front string) error {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(front), &doc); err != nil {
		return fmt.Errorf("frontmatter is not valid YAML: %s", shiftLines(err.Error()))
	}
	if len(doc.Content) == 0 { // empty frontmatter
		return nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return fmt.Errorf("frontmatter (line %d): want \"key: value\" lines", root.Line+1)
	}
	return b.applyMapping(root, "", false)
}

// applyMapping applies a mapping's brain fields; inBrain says it is the
// value of "brain:", where every key must be a brain field.
func (b *Brain) applyMapping(m *yaml.Node, prefix string, inBrain bool) error {
	for i := 0; i+1 < len(m.Content); i += 2 {
		key, val := m.Content[i].Value, m.Content[i+1]
		name := strings.TrimPrefix(key, "brain.")
		switch field, known := brainFields[name]; {
		case key == "brain" && !inBrain:
			if val.Kind != yaml.MappingNode {
				return fieldErr("brain", val, "want a mapping of brain fields")
			}
			if err := b.applyMapping(val, "brain.", true); err != nil {
				return err
			}
		case known:
			if err := b.set(field, val); err != nil {
				return err
			}
		case inBrain || name != key:
			return fieldErr(prefix+key, m.Content[i], "unknown brain field (want provider, model, baseURL, temperature, maxTokens or maxRounds)")
		}
	}
	return nil
}

// set decodes one scalar into the named brain field; null leaves it.
func (b *Brain) set(field string, n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	if n.Kind != yaml.ScalarNode {
		return fieldErr("brain."+field, n, "want a single value, got a "+kindName(n.Kind))
	}
	switch field {
	case "provider":
		b.Provider = n.Value
	case "model":
		b.Model = n.Value
	case "baseURL":
		b.BaseURL = n.Value
	case "temperature":
		f, err := strconv.ParseFloat(n.Value, 64)
		if err != nil || n.Tag == "!!str" || math.IsNaN(f) || math.IsInf(f, 0) {
			return fieldErr("brain.temperature", n, fmt.Sprintf("want a number, got %q", n.Value))
		}
		b.Temperature = &f
	case "maxTokens", "maxRounds":
		v, err := strconv.Atoi(n.Value)
		if err != nil || n.Tag == "!!str" || v < 0 {
			return fieldErr("brain."+field, n, fmt.Sprintf("want a whole number ≥ 0, got %q", n.Value))
		}
		if field == "maxTokens" {
			b.MaxTokens = v
		} else {
			b.MaxRounds = v
		}
	}
	return nil
}

func fieldErr(field string, n *yaml.Node, msg string) error {
	return fmt.Errorf("field %q (line %d): %s", field, n.Line+1, msg)
}

func kindName(k yaml.Kind) string {
	switch k {
	case yaml.SequenceNode:
		return "list"
	case yaml.MappingNode:
		return "mapping"
	}
	return "node"
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

// shiftLines turns yaml's frontmatter line numbers into the file's.
func shiftLines(msg string) string {
	return yamlLine.ReplaceAllStringFunc(msg, func(s string) string {
		n, _ := strconv.Atoi(strings.TrimPrefix(s, "line "))
		return "line " + strconv.Itoa(n+1)
	})
}
