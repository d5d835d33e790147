package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/kin-companion/kin/store/identity"
)

func TestTranscriptsAppendRecentEnd(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, Options{Dir: dir})
	tx := db.Transcripts()
	for i := range 4 {
		tx.Append("c1", RoleUser, fmt.Sprintf("u%d", i))
		tx.Append("c1", RoleAssistant, fmt.Sprintf("a%d", i))
		tx.Append("c2", RoleTool, fmt.Sprintf("t%d", i))
	}
	if _, err := tx.Append("c1", "system", "x"); !errors.Is(err, ErrInvalid) {
		t.Errorf("bad role: %v", err)
	}
	if _, err := tx.Append("a/b", RoleUser, "x"); !errors.Is(err, ErrInvalid) {
		t.Errorf("bad conversation id: %v", err)
	}
	db.Close()
	db = openTest(t, Options{Dir: dir})
	tx = db.Transcripts()
	got, err := tx.Recent("c1", 3)
	if err != nil || len(got) != 3 || got[0].Text != "a2" || got[2].Text != "a3" || got[1].Role != RoleUser {
		t.Fatalf("Recent(c1, 3) = %+v, %v", got, err)
	}
	all, _ := tx.Recent("", 2)
	if len(all) != 2 || all[0].Text != "a3" || all[1].Text != "t3" {
		t.Errorf("Recent(all, 2) = %+v", all)
	}
	m, _ := tx.Append("c1", RoleUser, "after reopen")
	if m.Seq != 13 {
		t.Errorf("sequence after reopen = %d, want 13", m.Seq)
	}
	c, err := tx.End("c1")
	if err != nil || !c.Ended || c.UserTurns != 5 || c.Messages != 9 {
		t.Errorf("End = %+v, %v", c, err)
	}
	if _, err := tx.End("nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("End(unknown) = %v", err)
	}
}

// fakeExtractor returns one fact per user message.
type fakeExtractor struct {
	mu    sync.Mutex
	calls int
	err   error
}

func (f *fakeExtractor) ExtractFacts(_ context.Context, msgs []Message) ([]Fact, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	if f.err != nil {
		return nil, f.err
	}
	var out []Fact
	for _, m := range msgs {
		if m.Role == RoleUser {
			out = append(out, Fact{Key: "fact_" + m.Text, Name: m.Text, Description: "said", Type: "user", Body: m.Text})
		}
	}
	return append(out, Fact{Key: "bad", Type: "mood", Body: "skipped"}), nil
}

func TestConsolidation(t *testing.T) {
	db := openTest(t, Options{})
	tx := db.Transcripts()
	talk := func(id string, turns int) {
		for i := range turns {
			tx.Append(id, RoleUser, fmt.Sprintf("%s_%d", id, i))
			tx.Append(id, RoleAssistant, "ok")
		}
	}
	talk("short", 2)
	talk("long", 3)

	x := &fakeExtractor{err: errors.New("model offline")}
	c := NewConsolidator(db, x)
	c.End("short")
	c.End("long")
	if n, err := c.Consolidate(context.Background(), "long"); err == nil || n != 0 {
		t.Fatalf("failing extractor: %d, %v", n, err)
	}
	if p, _ := c.Pending(); len(p) != 1 || p[0].ID != "long" {
		t.Fatalf("pending after failure = %+v", p)
	}

	x.err = nil
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- c.Run(ctx) }()
	deadline := time.Now().Add(5 * time.Second)
	for db.Memories().Len() < 3 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	<-done
	for _, k := range []string{"fact_long_0", "fact_long_1", "fact_long_2"} {
		e, ok := db.Memories().Get(k)
		if !ok || e.Context != "consolidated from conversation long" {
			t.Errorf("memory %s = %+v, %v", k, e, ok)
		}
	}
	if db.Memories().Len() != 3 {
		t.Errorf("%d memories; the short conversation or the bad fact got in", db.Memories().Len())
	}
	if p, _ := c.Pending(); len(p) != 0 {
		t.Errorf("still pending: %+v", p)
	}

	// No provider: nothing happens.
	none := NewConsolidator(db, nil)
	talk("third", 4)
	if err := none.End("third"); err != nil {
		t.Fatal(err)
	}
	if err := none.Run(context.Background()); err != nil || db.Memories().Len() != 3 {
		t.Errorf("nil extractor: %v, %d memories", err, db.Memories().Len())
	}
}

func TestIdentityPassportAndWallet(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, Options{Dir: dir, AgentID: "aria"})
	id := db.Identity()
	p, err := id.Passport()
	if err != nil || p.ID != "aria" {
		t.Fatalf("default passport = %+v, %v", p, err)
	}
	p.Name, p.Skills = "Aria", []string{"wave"}
	if err := id.SetPassport(p); err != nil {
		t.Fatal(err)
	}
	if _, err := id.LinkWallet("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", 1); !errors.Is(err, ErrInvalid) {
		t.Errorf("bad checksum: %v", err)
	}
	if _, err := id.LinkWallet("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", 8453); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db = openTest(t, Options{Dir: dir, AgentID: "aria"})
	p, _ = db.Identity().Passport()
	want := identity.Passport{ID: "aria", Name: "Aria", Skills: []string{"wave"},
		WalletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", ChainID: 8453}
	if p.Name != want.Name || p.WalletAddress != want.WalletAddress || p.ChainID != want.ChainID || p.Skills[0] != "wave" {
		t.Errorf("passport after reopen = %+v", p)
	}
}
