package toolsearch

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/tools"
)

// Name is the tool's name.
const Name = "tool_search"

// DefaultResults is how many tools one search lists unless configured.
const DefaultResults = 8

// maxOutput caps the text handed back, in bytes.
const maxOutput = 6000

//go:embed tool_search.md
var description string

var schema = json.RawMessage(`{"type":"object","properties":{
 "query":{"type":"string","description":"What you want to do, in a few words, e.g. \"create a github issue\""}},
 "required":["query"]}`)

// Config says what tool_search searches and whom it tells.
type Config struct {
	// Candidates lists the tools a search looks through (typically the
	// registry's tools that are not offered yet). Required.
	Candidates func() []*tools.Tool
	// Found is told the names of the tools a search listed, so they can
	// be made callable; nil tells no one.
	Found func(names []string)
	// Results is the most tools one search lists; default DefaultResults.
	Results int
}

// Tool returns the tool_search tool: read-only, low risk, safe to run
// beside other calls.
func Tool(cfg Config) *tools.Tool {
	if cfg.Results <= 0 {
		cfg.Results = DefaultResults
	}
	return &tools.Tool{Name: Name, Description: description, Schema: schema,
		Meta: tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low},
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[queryArgs](Name, args, schema)
			return tools.Assessment{Summary: fmt.Sprintf("search the tools for %q", a.Query)}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			return run(ctx, cfg, args)
		}}
}

type queryArgs struct {
	Query string `json:"query"`
}

func run(ctx context.Context, cfg Config, args json.RawMessage) (string, error) {
	a, err := tools.Decode[queryArgs](Name, args, schema)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(a.Query) == "" {
		return "", errors.New(`tool_search needs a "query": a few words saying what you want to do`)
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if cfg.Candidates == nil {
		return "", errors.New("tool_search has nothing to search: no tools were given to it")
	}
	found := Search(cfg.Candidates(), a.Query, cfg.Results)
	if len(found) == 0 {
		return fmt.Sprintf("No tool matches %q. Try other words, or do without a tool.", a.Query), nil
	}
	names := make([]string, len(found))
	for i, m := range found {
		names[i] = m.Tool.Name
	}
	if cfg.Found != nil {
		cfg.Found(names)
	}
	return format(found), nil
}

// format lists the matches, one line each, within maxOutput bytes.
func format(found []Match) string {
	var b strings.Builder
	b.WriteString("These tools are now callable for the rest of this turn:\n")
	for i, m := range found {
		line := fmt.Sprintf("- %s: %s\n", m.Tool.Name, firstLine(m.Tool.Description))
		if b.Len()+len(line) > maxOutput {
			fmt.Fprintf(&b, "(%d more not shown; search with more specific words)\n", len(found)-i)
			break
		}
		b.WriteString(line)
	}
	return strings.TrimRight(b.String(), "\n")
}

// firstLine is the description's first line, at most 200 characters.
func firstLine(d string) string {
	d = strings.TrimSpace(d)
	if i := strings.IndexByte(d, '\n'); i >= 0 {
		d = d[:i]
	}
	if r := []rune(d); len(r) > 200 {
		d = string(r[:200]) + "…"
	}
	return d
}
