package runtime

import (
	"context"
	_ "embed"
	"fmt"
	"time"

	"github.com/kin-companion/kin/agent/guard"
	"github.com/kin-companion/kin/agent/llm"
)

// Bounds of the repair pass: calls per round, time and tokens per call.
const (
	maxRepairCalls  = 2
	repairTimeout   = 20 * time.Second
	repairMaxTokens = 512
	maxRepairInput  = 4000 // bytes of broken arguments sent
)

//go:embed repair.md
var repairPrompt string

// repairByModel gives each call whose arguments the deterministic repair
// could not fix (known name, arguments no JSON object) one short model
// call with the repair prompt, at most maxRepairCalls a round. asked are
// the calls as the model wrote them; calls and broken are guard.Repair's
// output, updated in place. It returns how many calls it fixed.
func (r *Runtime) repairByModel(ctx context.Context, asked, calls []llm.ToolCall, broken map[int]string) int {
	tries, fixed := 0, 0
	for i := range calls {
		if broken[i] == "" || tries >= maxRepairCalls {
			continue
		}
		t, ok := r.registry.Get(calls[i].Name)
		if !ok || ctx.Err() != nil {
			continue
		}
		tries++
		args, err := r.askRepair(ctx, t.Name, string(t.Schema), string(asked[i].Args))
		if err != nil {
			broken[i] += fmt.Sprintf(" (a repair was tried and failed: %v)", err)
			continue
		}
		calls[i].Args = args
		delete(broken, i)
		fixed++
	}
	return fixed
}

// askRepair makes the repair call for one tool's broken arguments and
// returns the object the model wrote back.
func (r *Runtime) askRepair(ctx context.Context, tool, schema, args string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, repairTimeout)
	defer cancel()
	if len(args) > maxRepairInput {
		args = args[:maxRepairInput]
	}
	req := &llm.Request{System: repairPrompt, MaxTokens: repairMaxTokens, Messages: []llm.Message{{Role: llm.User,
		Text: fmt.Sprintf("Tool: %s\nSchema: %s\nBroken arguments:\n%s", tool, schema, args)}}}
	resp, err := r.cfg.Provider.Complete(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("the model could not be asked: %w", err)
	}
	r.stats.model(resp.Usage, false)
	fixed, ok := guard.RepairArgs([]byte(resp.Text))
	if !ok || string(fixed) == "{}" {
		return nil, fmt.Errorf("the model's answer was not usable arguments: %.100q", resp.Text)
	}
	return fixed, nil
}
