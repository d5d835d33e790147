package memtools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/tools"
)

//go:embed memory_list.md
var memoryListDescription string

var memoryListSchema = json.RawMessage(`{"type":"object","properties":{
 "type":{"type":"string","enum":["user","feedback","project","reference"],"description":"Only memories of this type"},
 "limit":{"type":"integer","minimum":1,"maximum":200,"description":"At most this many (default 50)"}}}`)

func memoryList(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "memory_list", Description: memoryListDescription, Schema: memoryListSchema,
		Meta: reading,
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[searchArgs]("memory_list", args, memoryListSchema)
			if a.Type != "" {
				return tools.Assessment{Summary: fmt.Sprintf("list kin's %s memories", a.Type)}
			}
			return tools.Assessment{Summary: "list kin's memories"}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[searchArgs]("memory_list", args, memoryListSchema)
			if err != nil {
				return "", err
			}
			n, err := limit("memory_list", a.Limit, cfg.MaxList, 200)
			if err != nil {
				return "", err
			}
			if err := checkType("memory_list", a.Type); err != nil {
				return "", err
			}
			ranked, err := ranked(ctx, cfg, "memory_list", memory.Query{Type: a.Type})
			if err != nil {
				return "", err
			}
			if len(ranked) == 0 {
				return "no memories yet" + ofType(a.Type), nil
			}
			head := fmt.Sprintf("%d %s%s, best first:\n", len(ranked), plural(len(ranked), "memory", "memories"), ofType(a.Type))
			return head + format(cfg, ranked, n), nil
		}}
}

func ofType(typ string) string {
	if typ == "" {
		return ""
	}
	return " of type " + typ
}
