package cli

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/memory"
)

type result struct {
	code           int
	stdout, stderr string
}

func run(t *testing.T, cmd string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	c := map[string]Command{"memory": Memory, "diary": Diary, "permissions": Permissions(testTools)}[cmd]
	code := Main(cmd, c, args, &out, &errb)
	return result{code, out.String(), errb.String()}
}

func TestParseGlobals(t *testing.T) {
	g, rest, err := ParseGlobals([]string{"list", "--data", "/d", "--json", "-agent-id=aria"})
	if err != nil || g.Data != "/d" || g.AgentID != "aria" || strings.Join(rest, " ") != "list --json" {
		t.Errorf("ParseGlobals = %+v %v %v", g, rest, err)
	}
	if _, _, err := ParseGlobals([]string{"list", "--data"}); err == nil {
		t.Error("missing value accepted")
	}
}

func TestMemoryCommands(t *testing.T) {
	data := t.TempDir()
	d := []string{"--data", data}
	add := func(args ...string) result {
		return run(t, "memory", append(append([]string{"add"}, args...), d...)...)
	}

	if r := add("--type", "user", "--key", "user_role", "--name", "Role", "--description", "their job", "--tags", "work,Go", "Staff", "engineer"); r.code != 0 || r.stdout != "remembered user_role\n" {
		t.Fatalf("add: %+v", r)
	}
	add("--type", "feedback", "--key", "be_brief", "--name", "Be brief", "--description", "style", "Short answers please.")
	if r := add("--type", "mood", "--key", "k", "--name", "n", "--description", "d", "x"); r.code != 1 || !strings.Contains(r.stderr, "unknown type") {
		t.Errorf("bad type: %+v", r)
	}
	if r := add("--key", "k", "x"); r.code != 2 || !strings.Contains(r.stderr, "missing --type, --name, --description") {
		t.Errorf("missing flags: %+v", r)
	}

	r := run(t, "memory", append([]string{"list"}, d...)...)
	if r.code != 0 || !strings.HasPrefix(r.stdout, "feedback  be_brief") || !strings.Contains(r.stdout, "user      user_role  (0.74)  Role — their job\n    Staff engineer\n") {
		t.Errorf("list:\n%s%s", r.stdout, r.stderr)
	}
	r = run(t, "memory", append([]string{"search", "--json", "ENGINEER"}, d...)...)
	var found []memory.Scored
	if err := json.Unmarshal([]byte(r.stdout), &found); err != nil || len(found) != 1 || found[0].Key != "user_role" || found[0].Tags[1] != "go" {
		t.Errorf("search --json: %v %s", err, r.stdout)
	}
	if r := run(t, "memory", append([]string{"search"}, d...)...); r.code != 2 {
		t.Errorf("search without text: %+v", r)
	}

	out := filepath.Join(t.TempDir(), "mem")
	if r := run(t, "memory", append([]string{"export", out}, d...)...); r.code != 0 || r.stdout != "exported 2 memories to "+out+"\n" {
		t.Fatalf("export: %+v", r)
	}
	if r := run(t, "memory", append([]string{"forget", "be_brief"}, d...)...); r.code != 0 {
		t.Errorf("forget: %+v", r)
	}
	if r := run(t, "memory", append([]string{"forget", "be_brief"}, d...)...); r.code != 1 || !strings.Contains(r.stderr, "no memory") {
		t.Errorf("forget again: %+v", r)
	}
	if r := run(t, "memory", append([]string{"import", out}, d...)...); r.code != 0 || !strings.Contains(r.stdout, "imported 2") {
		t.Errorf("import: %+v", r)
	}
	if r := run(t, "memory", append([]string{"list", "--json"}, d...)...); strings.Count(r.stdout, `"key"`) != 2 {
		t.Errorf("after import:\n%s", r.stdout)
	}
	if r := run(t, "memory", append([]string{"frobnicate"}, d...)...); r.code != 2 {
		t.Errorf("unknown subcommand: %+v", r)
	}
	if r := run(t, "memory"); r.code != 2 || !strings.Contains(r.stdout, "kin memory list") {
		t.Errorf("no subcommand: %+v", r)
	}
	// Other agents have their own memory.
	if r := run(t, "memory", "list", "--data", data, "--agent-id", "other"); r.stdout != "no memories\n" {
		t.Errorf("other agent: %+v", r)
	}
}

func TestMemoryWhileKinIsRunning(t *testing.T) {
	data := t.TempDir()
	db, err := store.Open(store.Options{Dir: data, GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r := run(t, "memory", "list", "--data", data)
	if r.code != 1 || !strings.Contains(r.stderr, "already running") || !strings.Contains(r.stderr, "quit it first") {
		t.Errorf("second kin: %+v", r)
	}
}

func TestDiaryCommands(t *testing.T) {
	data := t.TempDir()
	if r := run(t, "diary", "show", "--data", data); r.code != 0 || r.stdout != "the diary is empty\n" {
		t.Errorf("empty show: %+v", r)
	}
	if r := run(t, "diary", "verify", "--data", data); r.code != 0 || !strings.Contains(r.stdout, "diary verified: 0 entries") {
		t.Errorf("empty verify: %+v", r)
	}
	db, err := store.Open(store.Options{Dir: data, GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	for _, typ := range []string{"load-end", "speak", "remember", "sign"} {
		db.Diary().Record(typ, map[string]string{"what": typ}, time.Time{})
	}
	db.Close()

	r := run(t, "diary", "show", "--data", data, "--last", "2")
	if r.code != 0 || strings.Count(r.stdout, "\n") != 2 || !strings.Contains(r.stdout, `sign       {"what":"sign"}`) {
		t.Errorf("show --last 2:\n%s%s", r.stdout, r.stderr)
	}
	for _, n := range []string{"0", "-3"} {
		if r := run(t, "diary", "show", "--data", data, "--last", n); r.code != 2 || !strings.Contains(r.stderr, "bad --last "+n) {
			t.Errorf("show --last %s: %+v", n, r)
		}
	}
	r = run(t, "diary", "show", "--json", "--data", data)
	var entries []map[string]any
	if json.Unmarshal([]byte(r.stdout), &entries) != nil || len(entries) != 4 || entries[0]["type"] != "load-end" {
		t.Errorf("show --json:\n%s", r.stdout)
	}
	if r := run(t, "diary", "verify", "--data", data); r.code != 0 || !strings.Contains(r.stdout, "4 entries") {
		t.Fatalf("verify: %+v", r)
	}

	// Edit entry 2 behind kin's back.
	bdb, err := badger.Open(badger.DefaultOptions(store.AgentDir(data, store.DefaultAgentID)).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	key := binary.BigEndian.AppendUint64([]byte("diary/e/"), 2)
	bdb.Update(func(txn *badger.Txn) error {
		item, _ := txn.Get(key)
		v, _ := item.ValueCopy(nil)
		return txn.Set(key, bytes.Replace(v, []byte(`"speak"}`), []byte(`"shout"}`), 1))
	})
	bdb.Close()
	r = run(t, "diary", "verify", "--data", data)
	if r.code != 1 || !strings.Contains(r.stderr, "breaks at entry 2: content does not match its hash (edited)") {
		t.Errorf("verify after tampering: %+v", r)
	}
}

func TestForeignDataDirectory(t *testing.T) {
	data := t.TempDir()
	dir := store.AgentDir(data, "default")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	r := run(t, "memory", "list", "--data", data)
	if r.code != 1 || !strings.Contains(r.stderr, "not a kin data directory") {
		t.Errorf("foreign directory: %+v", r)
	}
}
