package main

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	pt "github.com/kin-companion/kin/agent/provider/providertest"
	"github.com/kin-companion/kin/store"
)

// TestChatKeepsSecretsOutOfTheStore: a model that writes a key the user
// pasted into a memory, a to-do, a reminder and the scratchpad leaves no
// trace of it in the data folder, read through the store or byte by byte.
func TestChatKeepsSecretsOutOfTheStore(t *testing.T) {
	const secret = "sk-QAsecret0123456789abcdefXYZ"
	srv := pt.NewOpenAI(t, pt.Script(
		pt.Reply{Calls: []pt.Call{
			{Name: "remember", Args: `{"key":"apikey","name":"key","description":"the key ` + secret + `","type":"user","body":"user key ` + secret + `"}`},
			{Name: "todo_add", Args: `{"text":"rotate ` + secret + `"}`},
			{Name: "schedule_task", Args: `{"message":"your key is ` + secret + `","in":"10h"}`},
			{Name: "storage_set", Args: `{"key":"k","value":"` + secret + `"}`},
		}},
		pt.Reply{Text: "Noted."}), pt.OpenAI)
	data := t.TempDir()
	var out, errs bytes.Buffer
	args := []string{"--provider", "openai", "--model", "m", "--base-url", srv.BaseURL, "--data", data, "--yes"}
	if code := chat(context.Background(), args, strings.NewReader("my key is "+secret+", keep it\n"), &out, &errs,
		env(map[string]string{"OPENAI_API_KEY": "k"})); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	results := srv.Seen()[1].Messages
	for _, r := range results[len(results)-1].Results {
		if strings.Contains(strings.ToLower(r.Content), "error") {
			t.Errorf("%s failed: %s", r.Name, r.Content)
		}
	}

	db, err := store.Open(store.Options{Dir: data, GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	for _, e := range db.Memories().All() {
		seen = append(seen, e.Name, e.Description, e.Content)
	}
	todos, _ := db.Todos().List()
	for _, it := range todos {
		seen = append(seen, it.Text)
	}
	v, _ := db.Scratch().Get("k")
	seen = append(seen, v)
	tasks, _ := db.Schedules().All()
	for _, raw := range tasks {
		seen = append(seen, string(raw))
	}
	db.Close()
	all := strings.Join(seen, "\n")
	for _, want := range []string{"user key", "rotate", "your key is"} {
		if !strings.Contains(all, want) {
			t.Errorf("the store lacks %q: the calls did not land\n%s", want, all)
		}
	}
	if strings.Contains(all, secret) {
		t.Errorf("the secret is in the store:\n%s", all)
	}
	filepath.WalkDir(data, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err == nil && bytes.Contains(b, []byte(secret)) {
			t.Errorf("the secret is in %s", filepath.Base(path))
		}
		return nil
	})
}
