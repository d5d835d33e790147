package memtools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/tools"
)

//go:embed memory_search.md
var memorySearchDescription string

var memorySearchSchema = json.RawMessage(`{"type":"object","properties":{
 "query":{"type":"string","description":"Words that must all occur in the memory (its key, name, description or content), in any case"},
 "type":{"type":"string","enum":["user","feedback","project","reference"],"description":"Only memories of this type"},
 "limit":{"type":"integer","minimum":1,"maximum":50,"description":"At most this many results (default 10)"}},
 "required":["query"]}`)

// searchArgs are memory_search's and memory_list's arguments.
type searchArgs struct {
	Query *string `json:"query"`
	Type  string  `json:"type"`
	Limit int     `json:"limit"`
}

func memorySearch(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "memory_search", Description: memorySearchDescription, Schema: memorySearchSchema,
		Meta: reading,
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[searchArgs]("memory_search", args, memorySearchSchema)
			q := ""
			if a.Query != nil {
				q = *a.Query
			}
			return tools.Assessment{Summary: fmt.Sprintf("search kin's memories for %q", clip(q, 80))}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[searchArgs]("memory_search", args, memorySearchSchema)
			if err != nil {
				return "", err
			}
			if a.Query == nil || strings.TrimSpace(*a.Query) == "" {
				return "", fmt.Errorf("memory_search: the argument \"query\" is missing or empty; give a word or two to look for (memory_list shows everything)")
			}
			n, err := limit("memory_search", a.Limit, cfg.MaxResults, 50)
			if err != nil {
				return "", err
			}
			if err := checkType("memory_search", a.Type); err != nil {
				return "", err
			}
			found, err := ranked(ctx, cfg, "memory_search", memory.Query{Text: *a.Query, Type: a.Type})
			if err != nil {
				return "", err
			}
			all, err := ranked(ctx, cfg, "memory_search", memory.Query{})
			if err != nil {
				return "", err
			}
			q := clip(*a.Query, 80)
			if len(found) == 0 {
				return fmt.Sprintf("no memory matches %q; there are %d %s in all (memory_list shows them)", q, len(all), plural(len(all), "memory", "memories")), nil
			}
			head := fmt.Sprintf("%d %s %q, best first:\n", len(found), plural(len(found), "memory matches", "memories match"), q)
			return head + format(cfg, found, n), nil
		}}
}
