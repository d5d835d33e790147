package runtime

import "context"

// ComposeForBench exposes prompt composition to the benchmarks.
func ComposeForBench(r *Runtime, ctx context.Context) string { return r.composeSystem(ctx) }
