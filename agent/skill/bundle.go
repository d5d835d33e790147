package skill

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/manifest"
	"gopkg.in/yaml.v3"
)

// Bundle is a skill bundle: SKILL.md's frontmatter and instruction, and
// the folder it was read from.
type Bundle struct {
	Name          string
	Description   string
	Version       string // "" when the bundle gives none (it then counts as 0.0.0)
	Author        string // compared with Config.Owner in owned-only trust mode
	AnimationHint string
	VoicePattern  string
	MCPExposed    bool
	InputSchema   json.RawMessage
	Dependencies  []Dependency
	Handler       HandlerSpec
	Timeout       time.Duration // for a program; 0 means DefaultRunTimeout
	Instruction   string        // the Markdown after the frontmatter
	Dir           string        // the local folder holding SKILL.md
	URI           string        // where the bundle came from, as written

	origin  string // URI normalised (see normURI), for the whitelist
	trusted bool   // installed by the user: trust modes do not apply
}

// HandlerSpec names how a bundle performs its skill: at most one of MCP
// ("server/tool") and Run (a program inside the bundle, "bin/x"). Neither
// means the instruction is the skill.
type HandlerSpec struct {
	MCP string `yaml:"mcp" json:"mcp,omitempty"`
	Run string `yaml:"run" json:"run,omitempty"`
}

// Kind is "instruction", "mcp" or "program".
func (h HandlerSpec) Kind() string {
	switch {
	case h.MCP != "":
		return "mcp"
	case h.Run != "":
		return "program"
	}
	return "instruction"
}

// Dependency is another skill a bundle needs, with the versions it accepts.
type Dependency struct {
	Name       string
	Constraint Constraint
}

func (d Dependency) String() string {
	if d.Constraint.Any() {
		return d.Name
	}
	return d.Name + " " + d.Constraint.String()
}

// SkillFile is the file a bundle folder must hold.
const SkillFile = "SKILL.md"

// maxSkillFile caps SKILL.md.
const maxSkillFile = 256 << 10

var validName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)

// depName also admits the built-in tools' names (lookAt, play_clip).
var depName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// front is SKILL.md's frontmatter. Keys kin does not know (license,
// allowed-tools, metadata…) are ignored, so bundles written for other
// agents load as instruction-only skills.
type front struct {
	Name          string       `yaml:"name"`
	Description   string       `yaml:"description"`
	Version       string       `yaml:"version"`
	Author        string       `yaml:"author"`
	AnimationHint string       `yaml:"animationHint"`
	VoicePattern  string       `yaml:"voicePattern"`
	MCPExposed    bool         `yaml:"mcpExposed"`
	InputSchema   any          `yaml:"inputSchema"`
	Dependencies  yaml.Node    `yaml:"dependencies"`
	Handler       *HandlerSpec `yaml:"handler"`
	Timeout       string       `yaml:"timeout"`
}

// ReadBundle reads the bundle in dir.
func ReadBundle(dir string) (*Bundle, error) {
	path := filepath.Join(dir, SkillFile)
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s has no %s, so it is not a skill bundle", dir, SkillFile)
		}
		return nil, fmt.Errorf("cannot read the skill in %s: %w", dir, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSkillFile+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	if len(data) > maxSkillFile {
		return nil, fmt.Errorf("%s is larger than %d KB; keep long material in other files of the bundle", path, maxSkillFile>>10)
	}
	b, err := ParseBundle(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b.Dir = dir
	if err := b.checkProgram(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// ParseBundle reads the text of a SKILL.md file.
func ParseBundle(doc string) (*Bundle, error) {
	fm, body, ok, err := manifest.SplitFrontmatter(doc)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New(`it must start with a frontmatter block ("---", then "name: …" and "description: …", then "---")`)
	}
	var f front
	if err := yaml.Unmarshal([]byte(fm), &f); err != nil {
		return nil, fmt.Errorf("the frontmatter is not valid YAML: %v", err)
	}
	b := &Bundle{Name: strings.TrimSpace(f.Name), Description: strings.TrimSpace(f.Description), Version: strings.TrimSpace(f.Version),
		Author: strings.TrimSpace(f.Author), AnimationHint: f.AnimationHint, VoicePattern: f.VoicePattern,
		MCPExposed: f.MCPExposed, Instruction: strings.TrimSpace(body)}
	if f.Handler != nil {
		b.Handler = *f.Handler
	}
	if err := b.fill(&f); err != nil {
		return nil, err
	}
	return b, nil
}

// fill checks the frontmatter and converts its typed fields.
func (b *Bundle) fill(f *front) error {
	if !validName.MatchString(b.Name) || strings.HasPrefix(b.Name, "mcp__") {
		return fmt.Errorf("field \"name\": %q must be 1–64 lowercase letters, digits, - or _ (e.g. weather-report)", b.Name)
	}
	if b.Description == "" {
		return errors.New(`field "description": required (say in one line what the skill does and when to use it)`)
	}
	if b.Version != "" {
		if _, err := ParseVersion(b.Version); err != nil {
			return fmt.Errorf("field \"version\": %w", err)
		}
	}
	if f.InputSchema != nil {
		raw, err := json.Marshal(f.InputSchema)
		if err != nil {
			return fmt.Errorf("field \"inputSchema\": cannot be written as JSON: %w", err)
		}
		b.InputSchema = raw
	}
	if f.Timeout != "" {
		d, err := time.ParseDuration(f.Timeout)
		if err != nil || d <= 0 {
			return fmt.Errorf("field \"timeout\": %q is not a duration like 30s or 2m", f.Timeout)
		}
		b.Timeout = d
	}
	deps, err := parseDependencies(&f.Dependencies)
	if err != nil {
		return fmt.Errorf("field \"dependencies\": %w", err)
	}
	b.Dependencies = deps
	return b.checkHandler()
}

// checkHandler checks the handler's form (not yet the program's file).
func (b *Bundle) checkHandler() error {
	h := b.Handler
	switch {
	case h.MCP != "" && h.Run != "":
		return errors.New(`field "handler": give either mcp or run, not both`)
	case h.MCP != "":
		server, tool, ok := strings.Cut(h.MCP, "/")
		if !ok || server == "" || tool == "" {
			return fmt.Errorf("field \"handler.mcp\": %q must be SERVER/TOOL, e.g. github/create_issue", h.MCP)
		}
	case h.Run != "":
		if !filepath.IsLocal(filepath.FromSlash(h.Run)) {
			return fmt.Errorf("field \"handler.run\": %q must be a path inside the bundle, e.g. bin/run", h.Run)
		}
	}
	return nil
}

// checkProgram checks that a program handler's file is there and executable.
func (b *Bundle) checkProgram() error {
	if b.Handler.Run == "" {
		return nil
	}
	st, err := os.Stat(b.Program())
	switch {
	case err != nil:
		return fmt.Errorf("field \"handler.run\": the program %s is not in the bundle", b.Handler.Run)
	case !st.Mode().IsRegular():
		return fmt.Errorf("field \"handler.run\": %s is not a file", b.Handler.Run)
	case st.Mode().Perm()&0o111 == 0:
		return fmt.Errorf("field \"handler.run\": %s is not executable (chmod +x it)", b.Handler.Run)
	}
	return nil
}

// Program is the absolute path of a program handler ("" for other kinds).
func (b *Bundle) Program() string {
	if b.Handler.Run == "" {
		return ""
	}
	p := filepath.Join(b.Dir, filepath.FromSlash(b.Handler.Run))
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

// parseDependencies reads a list ("name", "name@^1.2", "name >=1 <2") or a
// mapping (name: "^1.2").
func parseDependencies(n *yaml.Node) ([]Dependency, error) {
	var out []Dependency
	switch n.Kind {
	case 0:
		return nil, nil
	case yaml.SequenceNode:
		for _, e := range n.Content {
			if e.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: want a skill name such as \"wave\" or \"helper@^1.2\"", e.Line+1)
			}
			name, req, _ := strings.Cut(strings.TrimSpace(e.Value), "@")
			if i := strings.IndexAny(name, " \t"); i > 0 && req == "" {
				name, req = name[:i], name[i+1:]
			}
			d, err := newDependency(name, req)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", e.Line+1, err)
			}
			out = append(out, d)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			d, err := newDependency(n.Content[i].Value, n.Content[i+1].Value)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", n.Content[i].Line+1, err)
			}
			out = append(out, d)
		}
	default:
		return nil, fmt.Errorf("line %d: want a list of skill names or a mapping name: version", n.Line+1)
	}
	return out, nil
}

func newDependency(name, req string) (Dependency, error) {
	name = strings.TrimSpace(name)
	if !depName.MatchString(name) {
		return Dependency{}, fmt.Errorf("%q is not a skill name", name)
	}
	c, err := ParseConstraint(req)
	if err != nil {
		return Dependency{}, fmt.Errorf("%s: %w", name, err)
	}
	return Dependency{Name: name, Constraint: c}, nil
}

// version is the bundle's parsed version (0.0.0 when it gives none).
func (b *Bundle) version() Version {
	v, _ := ParseVersion(b.Version)
	return v
}
