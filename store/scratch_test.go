package store

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestScratch(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, Options{Dir: dir})
	s := db.Scratch()
	if _, err := s.Get("plan"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get before Set: %v", err)
	}
	for k, v := range map[string]string{"plan": "step 1", "b": "x", "ünï code": "✓"} {
		if err := s.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Set("plan", "step 2"); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("b", ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("never there", ""); err != nil {
		t.Errorf("clearing an absent key: %v", err)
	}
	db.Close()

	s = openTest(t, Options{Dir: dir}).Scratch()
	if v, err := s.Get("plan"); v != "step 2" || err != nil {
		t.Errorf("Get(plan) = %q, %v", v, err)
	}
	if keys, err := s.Keys(); !slices.Equal(keys, []string{"plan", "ünï code"}) || err != nil {
		t.Errorf("Keys = %q, %v", keys, err)
	}
}

func TestScratchLimits(t *testing.T) {
	s := openTest(t, Options{}).Scratch()
	for _, c := range []struct {
		key, value string
		want       error
	}{
		{"", "v", ErrInvalid},
		{"  ", "v", ErrInvalid},
		{strings.Repeat("k", MaxScratchKey+1), "v", ErrInvalid},
		{"tab\there", "v", ErrInvalid},
		{"\xff", "v", ErrInvalid},
		{"big", strings.Repeat("v", MaxScratchValue+1), ErrInvalid},
		{strings.Repeat("k", MaxScratchKey), strings.Repeat("v", MaxScratchValue), nil},
	} {
		if err := s.Set(c.key, c.value); !errors.Is(err, c.want) {
			t.Errorf("Set(%.20q, %d bytes) = %v, want %v", c.key, len(c.value), err, c.want)
		}
	}
	for i := 1; i < MaxScratchEntries; i++ {
		if err := s.Set(fmt.Sprint("k", i), "v"); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Set("one more", "v"); !errors.Is(err, ErrFull) {
		t.Errorf("over the entry limit: %v", err)
	}
	if err := s.Set("k1", "replaced"); err != nil {
		t.Errorf("replacing at the limit: %v", err)
	}
}
