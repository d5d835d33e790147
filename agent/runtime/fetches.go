package runtime

import (
	"context"
	"sync"

	"github.com/kin-companion/kin/agent/llm"
	"github.com/kin-companion/kin/agent/tools"
)

// prefetches tracks the calls preflight started early, by cache key, so a
// model call of the same tool and arguments waits for that one to finish
// (and is then answered from the cache) instead of running it twice.
type prefetches struct {
	mu       sync.Mutex
	inflight map[string]chan struct{}
}

// start runs f in the background under key unless a call with that key is
// already running; it reports whether it started f.
func (p *prefetches) start(key string, f func()) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, busy := p.inflight[key]; busy {
		return false
	}
	if p.inflight == nil {
		p.inflight = map[string]chan struct{}{}
	}
	done := make(chan struct{})
	p.inflight[key] = done
	go func() {
		defer func() {
			p.mu.Lock()
			delete(p.inflight, key)
			p.mu.Unlock()
			close(done)
		}()
		f()
	}()
	return true
}

// wait blocks until no call among calls is still being prefetched, or ctx
// ends.
func (p *prefetches) wait(ctx context.Context, calls []llm.ToolCall) {
	for _, c := range calls {
		p.mu.Lock()
		done, busy := p.inflight[tools.Key(c.Name, c.Args)]
		p.mu.Unlock()
		if !busy {
			continue
		}
		select {
		case <-done:
		case <-ctx.Done():
			return
		}
	}
}
