package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/kin-companion/kin/store"
)

// Permissions returns the command `kin permissions list|allow|revoke`; allow refuses
// a tool that tools does not know.
func Permissions(tools ToolCheck) Command {
	return func(db *store.DB, args []string, stdout, stderr io.Writer) int {
		sub, args := args[0], args[1:]
		p := db.Permissions()
		switch sub {
		case "list":
			return permList(p, args, stdout, stderr)
		case "allow":
			return permAllow(p, tools, db.DataDir(), args, stdout, stderr)
		case "revoke":
			return permRevoke(p, args, stdout, stderr)
		}
		fmt.Fprintf(stderr, "kin permissions: unknown command %q\n%s", sub, usage["permissions"])
		return 2
	}
}

func permAllow(p *store.Permissions, tools ToolCheck, dataDir string, args []string, stdout, stderr io.Writer) int {
	if len(args) < 1 || len(args) > 2 {
		fmt.Fprintln(stderr, "kin permissions allow: needs TOOL and optionally a SCOPE (a folder or a command prefix)")
		return 2
	}
	g := store.Grant{Tool: args[0]}
	if len(args) == 2 {
		g.Scope = args[1]
	}
	if err := tools.check(p, dataDir, g.Tool); err != nil {
		fmt.Fprintf(stderr, "kin permissions allow: %v\n", err)
		return 2
	}
	if err := p.Grant(g); err != nil {
		fmt.Fprintf(stderr, "kin permissions allow: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "kin may now run %s without asking\n", g)
	return 0
}

func permList(p *store.Permissions, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("kin permissions list", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	if pos, err := parse(fs, args); err != nil || len(pos) > 0 {
		return 2
	}
	grants, err := p.List()
	if err != nil {
		fmt.Fprintf(stderr, "kin permissions list: %v\n", err)
		return 1
	}
	if *asJSON {
		if grants == nil {
			grants = []store.Grant{}
		}
		return writeJSON(stdout, stderr, grants)
	}
	if len(grants) == 0 {
		fmt.Fprintln(stdout, "kin asks before every high-risk tool: nothing is always allowed")
	}
	for _, g := range grants {
		scope := g.Scope
		if scope == "" {
			scope = "(every call)"
		}
		fmt.Fprintf(stdout, "%-16s %-40s since %s\n", g.Tool, scope, g.Time.Local().Format("2006-01-02 15:04"))
	}
	return 0
}

func permRevoke(p *store.Permissions, args []string, stdout, stderr io.Writer) int {
	if len(args) < 1 || len(args) > 2 {
		fmt.Fprintln(stderr, "kin permissions revoke: needs TOOL and optionally its SCOPE (every grant of the tool when left out)")
		return 2
	}
	scope := "*"
	if len(args) == 2 {
		scope = args[1]
	}
	err := p.Revoke(args[0], scope)
	switch {
	case errors.Is(err, store.ErrNotFound):
		fmt.Fprintf(stderr, "kin permissions revoke: nothing was allowed for %s %s (see kin permissions list)\n", args[0], scopeWords(scope))
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "kin permissions revoke: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "kin will ask again before %s %s\n", args[0], scopeWords(scope))
	return 0
}

func scopeWords(scope string) string {
	if scope == "*" {
		return "(any call)"
	}
	if scope == "" {
		return "(every call)"
	}
	return "for " + scope
}
