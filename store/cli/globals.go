package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kin-companion/kin/store"
)

// Globals are the flags every store command takes, anywhere on its command line.
type Globals struct {
	Data    string // --data DIR: the data directory ("" means store.DefaultDataDir)
	AgentID string // --agent-id ID: the agent ("" means store.DefaultAgentID)
}

// ParseGlobals takes --data and --agent-id (as "--flag value" or "--flag=value", one or
// two dashes) out of args and returns them and the remaining arguments.
func ParseGlobals(args []string) (Globals, []string, error) {
	var g Globals
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		var dst *string
		switch {
		case !strings.HasPrefix(a, "-"):
		case name == "data":
			dst = &g.Data
		case name == "agent-id":
			dst = &g.AgentID
		}
		if dst == nil {
			rest = append(rest, a)
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return g, nil, fmt.Errorf("flag --%s needs a value", name)
			}
			i++
			value = args[i]
		}
		*dst = value
	}
	return g, rest, nil
}

// Command runs a store command on an open store.
type Command func(db *store.DB, args []string, stdout, stderr io.Writer) int

// Main parses the global flags, opens the store, runs cmd and closes the store; name
// ("memory", "diary") prefixes messages.
func Main(name string, cmd Command, args []string, stdout, stderr io.Writer) int {
	g, rest, err := ParseGlobals(args)
	if err != nil {
		fmt.Fprintf(stderr, "kin %s: %v\n", name, err)
		return 2
	}
	if len(rest) == 0 || rest[0] == "help" || rest[0] == "-h" || rest[0] == "--help" {
		fmt.Fprint(stdout, usage[name])
		if len(rest) == 0 {
			return 2
		}
		return 0
	}
	db, err := store.Open(store.Options{Dir: g.Data, AgentID: g.AgentID, GCInterval: -1})
	if err != nil {
		fmt.Fprintf(stderr, "kin %s: %v\n", name, err)
		if errors.Is(err, store.ErrAlreadyRunning) {
			fmt.Fprintln(stderr, "kin is running and holds its memory open; quit it first, or use another --data / --agent-id")
		}
		return 1
	}
	code := cmd(db, rest, stdout, stderr)
	if err := db.Close(); err != nil {
		fmt.Fprintf(stderr, "kin %s: %v\n", name, err)
		return 1
	}
	return code
}

// parse parses flags interleaved with positional arguments.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

var usage = map[string]string{
	"memory": `kin memory — what kin remembers

  kin memory list [--json]                 every memory, best first
  kin memory search [--json] TEXT          memories containing every word of TEXT
  kin memory add --type T --key K --name N --description D [--tags a,b] [--salience S] CONTENT
                                           remember CONTENT (the same key updates it)
  kin memory forget KEY                    delete a memory
  kin memory export DIR                    write Markdown files and MEMORY.md to DIR
  kin memory import DIR                    read them back (the same keys are replaced)

  Types: user, feedback, project, reference.
  Global flags: --data DIR (default $XDG_DATA_HOME/kin), --agent-id ID (default "default").
`,
	"permissions": `kin permissions — what kin may do without asking

  kin permissions list [--json]            tools always allowed, with their folder or command
  kin permissions allow TOOL [SCOPE]       let TOOL run without asking (for SCOPE: a folder and
                                           what is in it, or a command and its longer forms)
  kin permissions revoke TOOL [SCOPE]      ask again (every grant of TOOL without SCOPE)

  High-risk tools (exec_shell, fs_delete, keyboard and mouse, process_kill, …) ask first;
  answering "always" in the window or in kin chat adds a grant here.
  Global flags: --data DIR (default $XDG_DATA_HOME/kin), --agent-id ID (default "default").
`,
	"diary": `kin diary — the tamper-evident action diary

  kin diary show [--json] [--last N]       the entries, oldest first
  kin diary verify [--address A] [--file F]
                                           check the hash chain and its signatures (of an export
                                           F, against the wallet address A); exit 0 only if it holds
  kin diary sign                           sign the current head with the agent's wallet

  Global flags: --data DIR (default $XDG_DATA_HOME/kin), --agent-id ID (default "default").
`,
}
