package agentmem_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/manifest"
	"github.com/kin-companion/kin/agent/provider/openai"
	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/internal/agentmem"
	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/memory"
)

// TestPromptFromStore runs a turn against kin's store on disk and reads the system
// prompt the provider received: the <memory> block keeps tags, leaves out a memory that
// expired but was not pruned yet, and holds the 8,192-token cap with far more stored.
func TestPromptFromStore(t *testing.T) {
	clock := time.Date(2026, 3, 14, 15, 0, 0, 0, time.UTC)
	db, err := store.Open(store.Options{Dir: t.TempDir(), GCInterval: -1, MinFreeBytes: -1, MaxMemories: -1,
		Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	mems := db.Memories()
	remember := func(r memory.Remember) {
		t.Helper()
		if _, err := mems.Remember(r); err != nil {
			t.Fatal(err)
		}
	}
	remember(memory.Remember{Key: "tea", Name: "Tea", Description: "what they drink", Type: memory.User,
		Body: "Green tea, no sugar.", Tags: []string{"Kitchen", "morning"}, Salience: 1})
	remember(memory.Remember{Key: "parcel", Name: "Parcel", Description: "due today", Type: memory.Feedback,
		Body: "A parcel arrives this afternoon.", Salience: 1, ExpiresAt: clock.Add(time.Hour)})
	for i := range 400 {
		remember(memory.Remember{Key: fmt.Sprintf("fact_%03d", i), Name: fmt.Sprintf("Fact %d", i), Type: memory.Project,
			Body: strings.Repeat(fmt.Sprintf("detail %d of the user's long-running project; ", i), 3)})
	}
	clock = clock.Add(2 * time.Hour) // the parcel memory has expired; nothing pruned it
	if _, ok := mems.Get("parcel"); !ok {
		t.Fatal("the expired memory is gone already; the test needs it stored")
	}

	srv := pt.NewOpenAI(t, pt.Script(pt.Reply{Text: "Hello."}), pt.OpenAI)
	rt := runtime.New(runtime.Config{Manifest: manifest.Default(), Memory: agentmem.New(mems),
		Provider: openai.New(openai.Config{APIKey: "k", Model: "m", BaseURL: srv.BaseURL}),
		Now:      func() time.Time { return clock }})
	if _, err := rt.Ask(context.Background(), "hello"); err != nil {
		t.Fatal(err)
	}
	seen := srv.Seen()
	if len(seen) == 0 {
		t.Fatal("the provider saw no request")
	}
	sys := seen[0].System
	start, end := strings.Index(sys, "<memory>\n"), strings.Index(sys, "</memory>")
	if start < 0 || end < start {
		t.Fatalf("no <memory> block in the system prompt:\n%.400s", sys)
	}
	block := sys[start : end+len("</memory>")]
	if !strings.Contains(block, "- [user] tea — Tea: what they drink [tags: kitchen, morning]\n  Green tea, no sugar.\n") {
		t.Errorf("the tagged memory is missing or lost its tags:\n%.600s", block)
	}
	if strings.Contains(block, "parcel") {
		t.Error("the expired memory is in the prompt")
	}
	tokens := memory.EstimateTokens(block)
	if tokens > memory.DefaultMaxTokens || tokens < memory.DefaultMaxTokens*9/10 {
		t.Errorf("block has ~%d tokens; want just under the cap of %d", tokens, memory.DefaultMaxTokens)
	}
	if n := strings.Count(block, "\n- ["); n >= 400 {
		t.Errorf("%d memories in the block: the cap cut none", n+1)
	}
}
