package protocol

import "sync"

// Subscription is one subscriber's mailbox: an unbounded queue of
// must-deliver events plus the newest event of each lossy type.
type Subscription struct {
	bus   *Bus
	types map[Type]bool // nil: every type

	mu     sync.Mutex
	queue  []Event
	head   int
	lossy  map[Type]Event
	ready  chan struct{} // signalled (capacity 1) when something arrives
	closed bool
}

func newSubscription(b *Bus, types []Type) *Subscription {
	s := &Subscription{bus: b, lossy: map[Type]Event{}, ready: make(chan struct{}, 1)}
	if len(types) > 0 {
		s.types = map[Type]bool{}
		for _, t := range types {
			s.types[t] = true
		}
	}
	return s
}

func (s *Subscription) wants(t Type) bool { return s.types == nil || s.types[t] }

// push adds an event without blocking.
func (s *Subscription) push(e Event) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	if e.Type.Lossy() {
		s.lossy[e.Type] = e
	} else {
		s.queue = append(s.queue, e)
	}
	select { // under mu, so Close cannot close ready in between
	case s.ready <- struct{}{}:
	default:
	}
	s.mu.Unlock()
}

// Ready is signalled when events may be waiting; a receive from it is a
// hint, not a count.
func (s *Subscription) Ready() <-chan struct{} { return s.ready }

// Drain hands up to max waiting events to fn, must-deliver ones first in
// posting order, then the newest of each lossy type, and returns how many
// it handed over. It never blocks; fn runs on the caller's goroutine. Use
// it from the frame loop with a per-tick bound.
func (s *Subscription) Drain(max int, fn func(Event)) int {
	n := 0
	for n < max {
		e, ok := s.pop()
		if !ok {
			break
		}
		fn(e)
		n++
	}
	return n
}

// Len reports how many events are waiting.
func (s *Subscription) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue) - s.head + len(s.lossy)
}

func (s *Subscription) pop() (Event, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.head < len(s.queue) {
		e := s.queue[s.head]
		s.queue[s.head] = Event{}
		s.head++
		if s.head == len(s.queue) {
			s.queue, s.head = s.queue[:0], 0
		}
		return e, true
	}
	for t, e := range s.lossy {
		delete(s.lossy, t)
		return e, true
	}
	return Event{}, false
}

// Close stops delivery; waiting events are dropped.
func (s *Subscription) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.queue, s.lossy = nil, nil
	close(s.ready)
	s.mu.Unlock()
	s.bus.remove(s)
}

// run feeds a handler until the subscription closes (or after one event
// when once is set).
func (s *Subscription) run(h Handler, once bool) {
	for range s.ready {
		for {
			e, ok := s.pop()
			if !ok {
				break
			}
			h(e)
			if once {
				s.Close()
				return
			}
		}
	}
}
