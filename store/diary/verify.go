package diary

import "fmt"

// BrokenError reports where and how a chain fails to verify.
type BrokenError struct {
	Seq    uint64 // the entry (or position) where the chain breaks
	Reason string
}

func (e *BrokenError) Error() string {
	return fmt.Sprintf("diary: chain broken at entry %d: %s", e.Seq, e.Reason)
}

// Verifier checks a diary's entries streamed in storage order. The zero Verifier
// expects a chain from the first entry.
type Verifier struct {
	head Head
	n    uint64
}

// Check verifies the next entry, found under sequence number at (the storage key).
func (v *Verifier) Check(at uint64, e *Entry) error {
	if v.head.Hash == "" {
		v.head = Empty()
	}
	want := v.head.Seq + 1
	switch {
	case at != e.Seq:
		return &BrokenError{at, fmt.Sprintf("the entry stored here says it is entry %d (entries moved or reordered)", e.Seq)}
	case at > want:
		return &BrokenError{want, entries(want, at-1) + " missing (removed)"}
	case at < want:
		return &BrokenError{at, "entry out of order (reordered)"}
	case e.Prev != v.head.Hash:
		return &BrokenError{at, fmt.Sprintf("does not follow entry %d: prev hash differs (an entry before it was edited, removed or reordered)", v.head.Seq)}
	}
	h, err := HashOf(e.Prev, e.Seq, e.Type, e.Payload, e.Time)
	if err != nil {
		return &BrokenError{at, err.Error()}
	}
	if h != e.Hash {
		return &BrokenError{at, "content does not match its hash (edited)"}
	}
	v.head = e.Head()
	v.n++
	return nil
}

// Finish compares the chain walked so far with the stored head and returns the verified
// head and entry count.
func (v *Verifier) Finish(stored Head) (Head, uint64, error) {
	if v.head.Hash == "" {
		v.head = Empty()
	}
	switch {
	case stored.Seq > v.head.Seq:
		return v.head, v.n, &BrokenError{v.head.Seq + 1, entries(v.head.Seq+1, stored.Seq) + " missing (removed from the end)"}
	case stored.Seq < v.head.Seq:
		return v.head, v.n, &BrokenError{stored.Seq + 1, "entries after the recorded head (added behind the diary's back)"}
	case stored.Hash != v.head.Hash:
		return v.head, v.n, &BrokenError{stored.Seq, "the last entry does not match the recorded head (edited)"}
	}
	return v.head, v.n, nil
}

// entries names the range a..b: "entry 3 is" or "entries 3 to 5 are".
func entries(a, b uint64) string {
	if a == b {
		return fmt.Sprintf("entry %d is", a)
	}
	return fmt.Sprintf("entries %d to %d are", a, b)
}
