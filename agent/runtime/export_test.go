package runtime

import "context"

// ComposeForBench exposes prompt composition to the benchmarks.
func ComposeForBench(r *Runtime, ctx context.Context) string { return r.composeSystem(ctx, "") }

// ComposeForMessage exposes prompt composition for a user message.
func ComposeForMessage(r *Runtime, ctx context.Context, message string) string {
	return r.composeSystem(ctx, message)
}
