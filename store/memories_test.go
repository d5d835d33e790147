package store

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/store/memory"
)

func rem(key, body string) memory.Remember {
	return memory.Remember{Key: key, Name: key, Description: "about " + key, Type: memory.User, Body: body}
}

func TestRememberSameKeyUpdatesAndPersists(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	db := openTest(t, Options{Dir: dir, Now: clk.Now})
	m := db.Memories()
	first, err := m.Remember(memory.Remember{Key: "user_role", Name: "Role", Description: "their job", Type: "user", Body: "engineer", Tags: []string{"work"}})
	if err != nil {
		t.Fatal(err)
	}
	clk.Add(time.Hour)
	second, err := m.Remember(memory.Remember{Key: "User Role", Name: "Role", Description: "their job", Type: "user", Body: "engineering manager"})
	if err != nil {
		t.Fatal(err)
	}
	if m.Len() != 1 || second.ID != first.ID || second.Content != "engineering manager" || !second.CreatedAt.Equal(first.CreatedAt) {
		t.Fatalf("upsert: len %d, %+v", m.Len(), second)
	}
	db.Close()

	db = openTest(t, Options{Dir: dir, Now: clk.Now})
	got, ok := db.Memories().Get("user_role")
	if !ok || got.Content != "engineering manager" || got.Tags[0] != "work" || !got.UpdatedAt.Equal(second.UpdatedAt) {
		t.Errorf("after reopen: %+v %v", got, ok)
	}
}

func TestRememberRejectsBadInput(t *testing.T) {
	m := openTest(t, Options{}).Memories()
	_, err := m.Remember(memory.Remember{Key: "k", Name: "n", Type: "mood", Body: "b"})
	if !errors.Is(err, ErrInvalid) {
		t.Errorf("bad type: %v, want ErrInvalid", err)
	}
	if m.Len() != 0 {
		t.Error("a rejected memory was stored")
	}
}

func TestPruneKeepsAtMostMax(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	db := openTest(t, Options{Dir: dir, Now: clk.Now, MaxMemories: 10})
	m := db.Memories()
	r := rem("soon_gone", "expires")
	r.ExpiresAt = clk.Now().Add(10 * time.Minute)
	r.Type = memory.Feedback
	if _, err := m.Remember(r); err != nil {
		t.Fatal(err)
	}
	for i := range 15 {
		clk.Add(time.Minute)
		r := rem(fmt.Sprintf("k%02d", i), "x")
		r.Salience = 0.3 + 0.04*float64(i%5)
		if _, err := m.Remember(r); err != nil {
			t.Fatal(err)
		}
		if m.Len() > 10 {
			t.Fatalf("%d entries after write %d", m.Len(), i)
		}
	}
	if _, ok := m.Get("soon_gone"); ok {
		t.Error("high-salience but expired entry kept")
	}
	if _, ok := m.Get("k14"); !ok {
		t.Error("the newest entry was pruned")
	}
	clk.Add(time.Hour)
	if got := len(m.Query(memory.Query{})); got != 10 {
		t.Errorf("query sees %d", got)
	}
	db.Close()
	if db2 := openTest(t, Options{Dir: dir, Now: clk.Now, MaxMemories: 10}); db2.Memories().Len() != 10 {
		t.Errorf("after reopen %d entries", db2.Memories().Len())
	}
}

func TestExpiredEntriesAreHiddenThenPruned(t *testing.T) {
	clk := newClock()
	m := openTest(t, Options{Now: clk.Now}).Memories()
	r := rem("temp", "meeting at 3")
	r.ExpiresAt = clk.Now().Add(time.Hour)
	m.Remember(r)
	m.Remember(rem("stay", "likes tea"))
	clk.Add(2 * time.Hour)
	if got := m.Query(memory.Query{}); len(got) != 1 || got[0].Key != "stay" {
		t.Errorf("query after expiry: %v", got)
	}
	if strings.Contains(m.Block(100), "meeting") {
		t.Error("expired entry in block")
	}
	if n, err := m.Prune(); n != 1 || err != nil || m.Len() != 1 {
		t.Errorf("Prune = %d, %v; len %d", n, err, m.Len())
	}
}

func TestForget(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, Options{Dir: dir})
	db.Memories().Remember(rem("a", "x"))
	if err := db.Memories().Forget("A"); err != nil {
		t.Fatal(err)
	}
	if err := db.Memories().Forget("a"); !errors.Is(err, ErrNotFound) {
		t.Errorf("forget twice: %v", err)
	}
	db.Close()
	if openTest(t, Options{Dir: dir}).Memories().Len() != 0 {
		t.Error("forgotten memory back after reopen")
	}
}

func TestBlockFromStore(t *testing.T) {
	m := openTest(t, Options{}).Memories()
	m.Remember(memory.Remember{Key: "fb", Name: "Be brief", Description: "style", Type: memory.Feedback, Body: "Keep answers short."})
	m.Remember(memory.Remember{Key: "ref", Name: "Docs", Description: "link", Type: memory.Reference, Body: "https://example.org"})
	b := m.Block(0)
	if !strings.HasPrefix(b, "<memory>\n- [feedback] fb — Be brief: style\n  Keep answers short.\n- [reference]") {
		t.Errorf("block:\n%s", b)
	}
}
