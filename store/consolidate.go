package store

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/kin-companion/kin/store/memory"
)

// Fact is a durable fact about the user that a model extracted from a conversation;
// its fields are the remember tool's. Type is user, feedback, project or reference.
type Fact struct {
	Key         string   `json:"key"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Type        string   `json:"type"`
	Body        string   `json:"body"`
	Tags        []string `json:"tags,omitempty"`
}

// FactExtractor asks a model for the durable facts in a transcript. Main adapts the
// agent's provider to it.
type FactExtractor interface {
	ExtractFacts(ctx context.Context, transcript []Message) ([]Fact, error)
}

// Consolidation tunables.
const (
	MinUserTurns      = 3   // a conversation needs this many user turns to be consolidated
	ConsolidateWindow = 200 // the last messages given to the extractor
	MaxFacts          = 20  // facts written per conversation at most
)

// Consolidator turns ended conversations with at least MinUserTurns user turns into
// memories, in the background, one at a time. With a nil extractor (no provider)
// it does nothing. A conversation whose extraction fails stays pending and is tried
// again the next time Run starts.
type Consolidator struct {
	db      *DB
	x       FactExtractor
	queue   chan string
	timeout time.Duration
	log     *slog.Logger
}

// NewConsolidator returns a consolidator writing into db's memories; x may be nil.
func NewConsolidator(db *DB, x FactExtractor) *Consolidator {
	return &Consolidator{db: db, x: x, queue: make(chan string, 64), timeout: 2 * time.Minute, log: db.opts.Logger}
}

// End marks conversation id as ended and, when it qualifies, queues it for Run. It does
// not block on the model.
func (c *Consolidator) End(id string) error {
	conv, err := c.db.tx.End(id)
	if err != nil || c.x == nil || conv.UserTurns < MinUserTurns {
		return err
	}
	select {
	case c.queue <- id:
	default: // full: it stays pending and is picked up when Run next starts
	}
	return nil
}

// Run consolidates the pending conversations, then each queued one, until ctx is done.
// It returns nil at once when there is no extractor.
func (c *Consolidator) Run(ctx context.Context) error {
	if c.x == nil {
		return nil
	}
	pending, err := c.Pending()
	if err != nil {
		return err
	}
	for _, conv := range pending {
		c.run(ctx, conv.ID)
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case id := <-c.queue:
			c.run(ctx, id)
		}
	}
}

func (c *Consolidator) run(ctx context.Context, id string) {
	if n, err := c.Consolidate(ctx, id); err != nil {
		c.log.Warn("store: consolidate", "conversation", id, "err", err)
	} else {
		c.log.Info("store: consolidated", "conversation", id, "facts", n)
	}
}

// Pending lists the ended conversations with at least MinUserTurns user turns that are
// not yet consolidated.
func (c *Consolidator) Pending() ([]Conversation, error) {
	all, err := c.db.tx.Conversations()
	var out []Conversation
	for _, conv := range all {
		if conv.Ended && !conv.Consolidated && conv.UserTurns >= MinUserTurns {
			out = append(out, conv)
		}
	}
	return out, err
}

// Consolidate extracts facts from conversation id now, writes them as memories and marks
// the conversation consolidated; it returns how many facts it wrote. Facts the store
// rejects (a bad type, an empty body) are skipped.
func (c *Consolidator) Consolidate(ctx context.Context, id string) (int, error) {
	if c.x == nil {
		return 0, nil
	}
	msgs, err := c.db.tx.Recent(id, ConsolidateWindow)
	if err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	facts, err := c.x.ExtractFacts(ctx, msgs)
	if err != nil {
		return 0, fmt.Errorf("store: extract facts from %q: %w", id, err)
	}
	n := 0
	for _, f := range facts[:min(len(facts), MaxFacts)] {
		_, err := c.db.mem.Remember(memory.Remember{
			Key: f.Key, Name: f.Name, Description: f.Description, Type: memory.Type(f.Type),
			Body: f.Body, Tags: f.Tags, Context: "consolidated from conversation " + id,
		})
		switch {
		case err == nil:
			n++
		case isInvalid(err):
			c.log.Warn("store: consolidate: skip fact", "conversation", id, "err", err)
		default:
			return n, err
		}
	}
	return n, c.db.tx.MarkConsolidated(id)
}
