package companion

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kin-companion/kin/agent/provider"
	"github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/agent/runtime"
	"github.com/kin-companion/kin/agent/tools/catalog"
)

func start(t *testing.T, dir string, srv *providertest.Server) *Companion {
	t.Helper()
	c, err := Start(context.Background(), Options{DataDir: dir, Provider: provider.Options{
		Provider: "openai", BaseURL: srv.BaseURL, APIKey: "test", Model: "gpt-test", Getenv: func(string) string { return "" }}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func finalOf(t *testing.T, ch <-chan runtime.Delta) string {
	t.Helper()
	var final string
	for d := range ch {
		switch d.Kind {
		case runtime.Final:
			final = d.Text
		case runtime.Failed:
			t.Fatalf("turn failed: %v", d.Err)
		}
	}
	return final
}

// TestRememberAcrossSessions: a memory the model writes in one session is
// in the next session's system prompt; the transcript and the diary hold
// the turn.
func TestRememberAcrossSessions(t *testing.T) {
	dir := t.TempDir()
	srv := providertest.NewOpenAI(t, providertest.Script(
		providertest.Reply{Calls: []providertest.Call{{ID: "c1", Name: "remember",
			Args: `{"key":"user_tea","name":"Tea","description":"drink","type":"user","body":"The user loves green tea."}`}}},
		providertest.Reply{Text: "Noted, green tea it is!"},
		providertest.Reply{Text: "You love green tea."},
	), providertest.OpenAI)
	c := start(t, dir, srv)
	if got := finalOf(t, c.Send(context.Background(), "I love green tea")); got != "Noted, green tea it is!" {
		t.Fatalf("answer %q", got)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}

	c = start(t, dir, srv)
	defer c.Close()
	finalOf(t, c.Send(context.Background(), "What do I like to drink?"))
	seen := srv.Seen()
	if sys := seen[len(seen)-1].System; !strings.Contains(sys, "The user loves green tea.") {
		t.Errorf("second session's system prompt lacks the memory:\n%s", sys)
	}
	msgs, err := c.DB.Transcripts().Recent("", 10)
	if err != nil {
		t.Fatal(err)
	}
	var roles []string
	for _, m := range msgs {
		roles = append(roles, string(m.Role))
	}
	if got := strings.Join(roles, ","); got != "user,tool,assistant,user,assistant" {
		t.Errorf("transcript roles %s", got)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		entries, _ := c.DB.Diary().Recent(20)
		var types []string
		for _, e := range entries {
			types = append(types, e.Type)
		}
		if joined := strings.Join(types, ","); strings.Contains(joined, "remember") && strings.Count(joined, "speak") >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("diary holds %v; want the remember and both speak events", types)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, _, err := c.DB.Diary().Verify(); err != nil {
		t.Errorf("diary: %v", err)
	}
	recent := c.Recent(3)
	if len(recent) != 3 || recent[0].Text != "Noted, green tea it is!" || recent[2].Text != "You love green tea." {
		t.Errorf("recent context: %+v", recent)
	}
}

// TestStoreInUseFallsBack: a second kin on the same data works with
// memory off for the session, and says so.
func TestStoreInUseFallsBack(t *testing.T) {
	dir := t.TempDir()
	srv := providertest.NewOpenAI(t, providertest.Script(providertest.Reply{Text: "hi"}, providertest.Reply{Text: "hi"}), providertest.OpenAI)
	a := start(t, dir, srv)
	defer a.Close()
	b := start(t, dir, srv)
	defer b.Close()
	if b.DB != nil || len(b.Warnings) == 0 || !strings.Contains(b.Warnings[0], "memory is off") {
		t.Fatalf("second companion: db %v, warnings %v", b.DB, b.Warnings)
	}
	if got := finalOf(t, b.Send(context.Background(), "hello")); got != "hi" {
		t.Errorf("answer %q", got)
	}
}

func TestParseFacts(t *testing.T) {
	facts, err := parseFacts("Here you go:\n```json\n{\"facts\": [{\"key\": \"k\", \"name\": \"n\", \"description\": \"d\", \"type\": \"user\", \"body\": \"b\"}]}\n```")
	if err != nil || len(facts) != 1 || facts[0].Key != "k" || facts[0].Body != "b" || facts[0].Type != "user" {
		t.Fatalf("%v %+v", err, facts)
	}
	if _, err := parseFacts("no idea"); err == nil {
		t.Error("prose without JSON accepted")
	}
}

// TestCatalogKnowsEveryTool: `kin permissions allow` takes the names
// agent/tools/catalog lists; every tool a running companion registers is
// among them, so none of them is refused as a typo.
func TestCatalogKnowsEveryTool(t *testing.T) {
	srv := providertest.NewOpenAI(t, providertest.Script(), providertest.OpenAI)
	c := start(t, t.TempDir(), srv)
	defer c.Close()
	known := catalog.Names("")
	for _, name := range c.Runtime.Registry().Names() {
		if !slices.Contains(known, name) && !catalog.IsMCP(name) {
			t.Errorf("the companion registers %s, which catalog.Names lacks", name)
		}
	}
}

// TestStoreWaitTakesOver: a kin started with StoreWait while another holds
// the data gets the store (memory on) once the other closes within it.
func TestStoreWaitTakesOver(t *testing.T) {
	dir := t.TempDir()
	srv := providertest.NewOpenAI(t, providertest.Script(), providertest.OpenAI)
	a := start(t, dir, srv)
	go func() {
		time.Sleep(300 * time.Millisecond)
		a.Close()
	}()
	began := time.Now()
	b, err := Start(context.Background(), Options{DataDir: dir, StoreWait: 5 * time.Second, Provider: provider.Options{
		Provider: "openai", BaseURL: srv.BaseURL, APIKey: "test", Model: "gpt-test", Getenv: func(string) string { return "" }}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.DB == nil || time.Since(began) < 250*time.Millisecond {
		t.Fatalf("db %v after %v, warnings %v: did not wait for the store", b.DB, time.Since(began), b.Warnings)
	}
}
