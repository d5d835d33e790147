package skill

import (
	"context"
	"encoding/json"

	"github.com/kin-companion/kin/agent/tools"
)

// rememberSkill is the remember tool (agent/tools) as a skill: the same
// arguments, checks and remember event, with a nod and a sentiment.
func rememberSkill(cfg Config) *Skill {
	t := tools.Remember(cfg.Memory, cfg.Bus)
	return &Skill{Name: "remember", MCPExposed: true, Description: t.Description, InputSchema: t.Schema, AnimationHint: t.Meta.AnimationHint,
		Meta: tools.Meta{Risk: t.Meta.Risk},
		Handler: func(ctx context.Context, args json.RawMessage) (Result, error) {
			out, err := t.Run(ctx, args)
			if err != nil {
				return Result{}, err
			}
			a, _ := decodeArgs[struct{ Key, Type string }]("remember", args)
			return Result{Success: true, Output: out, Sentiment: 0.3, Data: data(a)}, nil
		}}
}
