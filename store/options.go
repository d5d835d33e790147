package store

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/kin-companion/kin/store/memory"
)

// DefaultAgentID is the agent id used when none is given.
const DefaultAgentID = "default"

// Options configure [Open]. The zero value opens the default agent in [DefaultDataDir].
type Options struct {
	// Dir is the data directory; "" means DefaultDataDir().
	Dir string
	// AgentID picks the database inside Dir; "" means DefaultAgentID.
	AgentID string
	// MaxMemories is how many memories are kept before pruning; 0 means
	// memory.DefaultMaxEntries (150), < 0 means no limit.
	MaxMemories int
	// GCInterval is how often the value log is garbage-collected; 0 means 10 minutes,
	// < 0 turns the GC goroutine off.
	GCInterval time.Duration
	// MinFreeBytes is the free space below which writes fail with ErrDiskFull;
	// 0 means 64 MiB, < 0 turns the check off.
	MinFreeBytes int64
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Logger receives Badger's warnings and errors and the GC's; nil discards them.
	Logger *slog.Logger
}

func (o Options) withDefaults() (Options, error) {
	if o.Dir == "" {
		d, err := DefaultDataDir()
		if err != nil {
			return o, err
		}
		o.Dir = d
	}
	if o.AgentID == "" {
		o.AgentID = DefaultAgentID
	}
	if err := CheckAgentID(o.AgentID); err != nil {
		return o, err
	}
	if o.MaxMemories == 0 {
		o.MaxMemories = memory.DefaultMaxEntries
	}
	if o.GCInterval == 0 {
		o.GCInterval = 10 * time.Minute
	}
	if o.MinFreeBytes == 0 {
		o.MinFreeBytes = 64 << 20
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o, nil
}

// DefaultDataDir is $XDG_DATA_HOME/kin, or ~/.local/share/kin when XDG_DATA_HOME is unset.
func DefaultDataDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "kin"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("store: no data directory: %w", err)
	}
	return filepath.Join(home, ".local", "share", "kin"), nil
}

// CheckAgentID reports whether id can name an agent's database: 1–64 letters, digits,
// '_', '-' or '.', not starting with '.'.
func CheckAgentID(id string) error {
	ok := len(id) > 0 && len(id) <= 64 && id[0] != '.'
	for _, r := range id {
		ok = ok && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.')
	}
	if !ok {
		return fmt.Errorf("%w agent id %q: use 1-64 letters, digits, _, - or . characters", ErrInvalid, id)
	}
	return nil
}

// AgentDir is the directory holding agent id's database inside data directory dir.
func AgentDir(dir, id string) string { return filepath.Join(dir, "agents", id) }
