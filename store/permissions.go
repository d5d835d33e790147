package store

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/dgraph-io/badger/v4"
)

const prefixPerm = "perm/"

// Grant is one remembered "always allow": the tool may run without asking,
// for every call when Scope is empty, else for calls whose scope is Scope
// or lies under it (a path below it, a command starting with it).
type Grant struct {
	Tool  string    `json:"tool"`
	Scope string    `json:"scope,omitempty"`
	Time  time.Time `json:"time"`
}

// String says the grant in plain words.
func (g Grant) String() string {
	if g.Scope == "" {
		return g.Tool + " (always)"
	}
	return fmt.Sprintf("%s for %s", g.Tool, g.Scope)
}

// permKey is perm/TOOL\x00SCOPE: one key per tool and scope.
func permKey(tool, scope string) []byte { return []byte(prefixPerm + tool + "\x00" + scope) }

// Permissions keeps the agent's standing "always allow" answers.
type Permissions struct{ db *DB }

// Permissions are the agent's remembered permissions.
func (db *DB) Permissions() *Permissions { return &Permissions{db: db} }

// Grant remembers g (its Time defaults to now).
func (p *Permissions) Grant(g Grant) error {
	if strings.TrimSpace(g.Tool) == "" {
		return fmt.Errorf("%w: a permission needs a tool name", ErrInvalid)
	}
	if g.Time.IsZero() {
		g.Time = time.Now().UTC()
	}
	return p.db.update("remember permission", func(txn *badger.Txn) error {
		return setJSON(txn, permKey(g.Tool, g.Scope), &g)
	})
}

// List returns every grant, sorted by tool then scope.
func (p *Permissions) List() ([]Grant, error) {
	var out []Grant
	err := p.db.view("list permissions", func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{PrefetchValues: true, Prefix: []byte(prefixPerm)})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			var g Grant
			if err := it.Item().Value(func(b []byte) error { return decodeJSON(it.Item().Key(), b, &g) }); err != nil {
				return err
			}
			out = append(out, g)
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool {
		if out[i].Tool != out[j].Tool {
			return out[i].Tool < out[j].Tool
		}
		return out[i].Scope < out[j].Scope
	})
	return out, err
}

// Granted reports whether a grant covers a call of tool with scope.
func (p *Permissions) Granted(tool, scope string) (bool, error) {
	found := false
	err := p.db.view("read permissions", func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(prefixPerm + tool + "\x00")})
		defer it.Close()
		for it.Rewind(); it.Valid() && !found; it.Next() {
			granted := strings.TrimPrefix(string(it.Item().Key()), prefixPerm+tool+"\x00")
			found = Covers(granted, scope)
		}
		return nil
	})
	return found, err
}

// Revoke forgets the grants of tool: the one with scope, or all of the
// tool's when scope is "*". It reports ErrNotFound when there was none.
func (p *Permissions) Revoke(tool, scope string) error {
	n := 0
	err := p.db.update("revoke permission", func(txn *badger.Txn) error {
		prefix := []byte(prefixPerm + tool + "\x00")
		if scope != "*" {
			prefix = permKey(tool, scope)
		}
		var keys [][]byte
		it := txn.NewIterator(badger.IteratorOptions{Prefix: prefix})
		for it.Rewind(); it.Valid(); it.Next() {
			if k := it.Item().KeyCopy(nil); scope == "*" || string(k) == string(prefix) {
				keys = append(keys, k)
			}
		}
		it.Close()
		for _, k := range keys {
			if err := txn.Delete(k); err != nil {
				return err
			}
		}
		n = len(keys)
		return nil
	})
	if err == nil && n == 0 {
		return fmt.Errorf("%w: no permission for %s %q", ErrNotFound, tool, scope)
	}
	return err
}

// Covers reports whether a grant for scope granted covers a call whose
// scope is got: an empty grant covers everything; a path grant covers the
// path and everything below it; any other grant covers what starts with it
// at a word boundary (the command prefix "git status" covers
// "git status --short" but not "git statusx", and never a rest that could
// start another command: "git status; rm -rf ~" is not covered).
func Covers(granted, got string) bool {
	switch {
	case granted == "":
		return true
	case got == granted:
		return true
	case !strings.HasPrefix(got, granted):
		return false
	}
	rest := got[len(granted):]
	if strings.HasPrefix(granted, "/") {
		if filepath.Clean(got) != got {
			return false // "/a/../b" is not under "/a"
		}
		return strings.HasSuffix(granted, "/") || rest[0] == '/'
	}
	if strings.ContainsAny(rest, shellSpecial) {
		return false
	}
	return rest[0] == ' ' || strings.HasSuffix(granted, " ")
}

// shellSpecial are the characters that can chain, substitute or redirect
// in a shell command line.
const shellSpecial = ";&|`$<>()\n\r{}"
