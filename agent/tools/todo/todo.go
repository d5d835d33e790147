package todo

import (
	"context"
	"errors"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

// Item is one task on the list.
type Item struct {
	ID     int       `json:"id"`
	Text   string    `json:"text"`
	Done   bool      `json:"done"`
	Added  time.Time `json:"added"`
	DoneAt time.Time `json:"doneAt,omitzero"`
}

// ErrNotFound is wrapped by [TodoStore.Complete] when there is no task
// with the id.
var ErrNotFound = errors.New("no such task")

// TodoStore keeps the agent's task list.
type TodoStore interface {
	// Add appends a task and returns it with its new id.
	Add(ctx context.Context, text string) (Item, error)
	// List returns every task kept, open and done, in id order.
	List(ctx context.Context) ([]Item, error)
	// Complete marks task id done; already reports that it was done
	// before. It returns an error wrapping ErrNotFound for an unknown id.
	Complete(ctx context.Context, id int) (item Item, already bool, err error)
}

// Scratchpad keeps short text values by key.
type Scratchpad interface {
	// Get returns the value under key; ok is false when there is none.
	Get(ctx context.Context, key string) (value string, ok bool, err error)
	// Set stores value under key; an empty value removes the key.
	Set(ctx context.Context, key, value string) error
	// Keys lists the keys in use, sorted.
	Keys(ctx context.Context) ([]string, error)
}

// Config says where the tools keep their data and how much they accept.
// Zero limits take the defaults noted, which match kin's store.
type Config struct {
	Todos   TodoStore  // nil: the todo tools are left out
	Scratch Scratchpad // nil: the storage tools are left out
	// MaxText caps a task's text in bytes (default 1000).
	MaxText int
	// MaxKey caps a scratchpad key in bytes (default 128).
	MaxKey int
	// MaxValue caps a scratchpad value in bytes (default 16 KiB).
	MaxValue int
	// MaxShown caps the tasks todo_list shows of each kind, open and done (default 100).
	MaxShown int
}

// Tools returns todo_add, todo_list and todo_complete when cfg.Todos is
// set, and storage_get and storage_set when cfg.Scratch is set.
func Tools(cfg Config) []*tools.Tool {
	cfg = cfg.withDefaults()
	var ts []*tools.Tool
	if cfg.Todos != nil {
		ts = append(ts, todoAdd(cfg), todoList(cfg), todoComplete(cfg))
	}
	if cfg.Scratch != nil {
		ts = append(ts, storageGet(cfg), storageSet(cfg))
	}
	return ts
}

func (c Config) withDefaults() Config {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.MaxText, 1000)
	def(&c.MaxKey, 128)
	def(&c.MaxValue, 16<<10)
	def(&c.MaxShown, 100)
	return c
}

var (
	reading  = tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low}
	changing = tools.Meta{Risk: tools.Medium}
)
