package protocol

import (
	"sync"
	"time"
)

// HistorySize is how many must-deliver events the bus keeps.
const HistorySize = 200

// Handler receives events on its subscription's goroutine.
type Handler func(Event)

// Bus delivers events to subscribers. The zero value is not usable; call
// New. All methods are safe from any goroutine, and posting never blocks.
type Bus struct {
	agentID string
	now     func() time.Time

	mu      sync.Mutex
	subs    map[*Subscription]struct{}
	history []Event // ring of HistorySize
	next    int     // ring write position
	full    bool
}

// New returns a bus that stamps events with agentID.
func New(agentID string) *Bus {
	return &Bus{agentID: agentID, now: time.Now, subs: map[*Subscription]struct{}{}, history: make([]Event, HistorySize)}
}

// SetClock replaces the clock used for timestamps (tests).
func (b *Bus) SetClock(now func() time.Time) {
	b.mu.Lock()
	b.now = now
	b.mu.Unlock()
}

// Emit wraps p in an envelope stamped now and posts it.
func (b *Bus) Emit(p Payload) Event {
	return b.EmitFrom("", p)
}

// EmitFrom is Emit for an event raised by a skill.
func (b *Bus) EmitFrom(skill string, p Payload) Event {
	b.mu.Lock()
	now := b.now()
	b.mu.Unlock()
	e := Event{Type: p.EventType(), Payload: p, Timestamp: now.UnixMilli(), AgentID: b.agentID, SourceSkill: skill}
	b.Post(e)
	return e
}

// Post delivers a ready-made event to every subscriber that wants its type
// and records must-deliver events in the history. It never blocks.
func (b *Bus) Post(e Event) {
	if e.AgentID == "" {
		e.AgentID = b.agentID
	}
	b.mu.Lock()
	if !e.Type.Lossy() {
		b.history[b.next] = e
		b.next = (b.next + 1) % HistorySize
		b.full = b.full || b.next == 0
	}
	for s := range b.subs {
		if s.wants(e.Type) {
			s.push(e)
		}
	}
	b.mu.Unlock()
}

// Subscribe returns a subscription to the given types, or to every type
// when none is given (the wildcard).
func (b *Bus) Subscribe(types ...Type) *Subscription {
	s := newSubscription(b, types)
	b.mu.Lock()
	b.subs[s] = struct{}{}
	b.mu.Unlock()
	return s
}

// On calls h for every event of type t (every event when t is "*") on a
// goroutine of its own, in posting order, and returns the subscription;
// Close it (or call Off) to stop.
func (b *Bus) On(t Type, h Handler) *Subscription {
	s := b.Subscribe(wildcard(t)...)
	go s.run(h, false)
	return s
}

// Once calls h for the next event of type t only.
func (b *Bus) Once(t Type, h Handler) *Subscription {
	s := b.Subscribe(wildcard(t)...)
	go s.run(h, true)
	return s
}

// Off stops a subscription made by Subscribe, On or Once.
func (b *Bus) Off(s *Subscription) { s.Close() }

func wildcard(t Type) []Type {
	if t == "*" || t == "" {
		return nil
	}
	return []Type{t}
}

func (b *Bus) remove(s *Subscription) {
	b.mu.Lock()
	delete(b.subs, s)
	b.mu.Unlock()
}

// History returns the recorded must-deliver events, oldest first.
func (b *Bus) History() []Event {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.full {
		return append([]Event(nil), b.history[:b.next]...)
	}
	return append(append([]Event(nil), b.history[b.next:]...), b.history[:b.next]...)
}

// Recent returns up to n of the latest recorded events of type t, oldest
// first; t "*" matches every type.
func (b *Bus) Recent(t Type, n int) []Event {
	all := b.History()
	var out []Event
	for i := len(all) - 1; i >= 0 && len(out) < n; i-- {
		if t == "*" || all[i].Type == t {
			out = append(out, all[i])
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
