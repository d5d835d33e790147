package runtime

import "github.com/kin-companion/kin/agent/llm"

// OfferedSpecs exposes the tools the next request would carry.
func (r *Runtime) OfferedSpecs() []llm.ToolSpec { return r.lazy.specs() }
