// Command kin is a desktop companion: a 3D character from any GLB or VRM
// file that lives on your desktop, talks, feels, remembers and acts.
//
// Usage:
//
//	kin [--model PATH]           open the window with a character (runs kin-window)
//	kin inspect FILE [--json]    summarise a model file
//	kin doctor FILE [--json]     say what kin found in a model and what to fix
//
// kin never links the graphics stack, so every command but the window and
// shot works on a machine with no display.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run dispatches a subcommand and returns the process exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "inspect":
			return cmdInspect(args[1:], stdout, stderr)
		case "doctor":
			return cmdDoctor(args[1:], stdout, stderr)
		case "simulate":
			return cmdSimulate(args[1:], stdout, stderr)
		case "memory":
			return cmdMemory(args[1:], stdout, stderr)
		case "diary":
			return cmdDiary(args[1:], stdout, stderr)
		case "mcp":
			return cmdMCP(args[1:], stdout, stderr)
		case "skill":
			return cmdSkill(args[1:], stdout, stderr)
		case "stats":
			return cmdStats(args[1:], stdout, stderr)
		case "todo":
			return cmdTodo(args[1:], stdout, stderr)
		case "schedule":
			return cmdSchedule(args[1:], stdout, stderr)
		case "identity":
			return cmdIdentity(args[1:], stdout, stderr)
		case "voice":
			return cmdVoice(args[1:], stdout, stderr)
		case "permissions":
			return cmdPermissions(args[1:], stdout, stderr)
		case "chat":
			return cmdChat(args[1:], stdout, stderr)
		case "talk":
			return cmdTalk(args[1:], stdout, stderr)
		case "wakeword":
			return cmdWakeword(args[1:], stdout, stderr)
		case "settings":
			return cmdSettings(args[1:], stdout, stderr)
		case "shot":
			return cmdWindow(args, stdout, stderr)
		case "help", "-h", "--help":
			fmt.Fprint(stdout, usage)
			return 0
		}
	}
	return cmdWindow(args, stdout, stderr)
}

const usage = `kin — a desktop companion with a 3D character

  kin [--model PATH] [--clips DIR] [--fps N] [--portrait] [--overlay] [--render-scale S] [--renderer auto|gpu|cpu] [--raster-ahead=false] [--no-shadow]
                                open kin with a character (GLB, glTF or VRM); --clips: a folder
                                of .vrma/.glb animations it can play (drop a .vrma on it to play one)
  kin inspect FILE [--json]     summarise a model: counts, bones, expressions, warnings
  kin doctor FILE [--json]      what kin found in a model and what to fix (exit 0 usable,
                                1 loads but something users would see is broken, 2 cannot load)
  kin memory list|search|add|forget|export|import [--data DIR] [--agent-id ID] ...
                                what kin remembers, as text, JSON or Markdown files
  kin diary show [--json]|verify [--data DIR] [--agent-id ID]
                                the hash-chained action diary; verify exits 0 only if intact
  kin mcp [--yes] [--root DIR]...  serve kin's tools and feelings over MCP on stdin/stdout
  kin mcp list [--json]         the MCP servers of mcp.json, their state and tools
  kin mcp token                 the token the window's MCP server (127.0.0.1:7317) asks for
  kin skill list|add PATH|remove NAME|info NAME [--json] [--data DIR]
                                skill bundles: built-in, installed (folder, .tar.gz, .zip, https)
  kin stats [--json] [--sessions N]
                                turns, model calls, tokens and tool calls: total and latest sessions
  kin todo list [--json] | add TEXT | done ID
                                the task list kin keeps for itself
  kin schedule list [--json] | add (--message T|--prompt T) [--at TIME|--in DELAY] [--repeat RULE] | cancel ID
                                reminders and tasks for later; missed ones happen at the next start
  kin identity show [--json] | set FIELD VALUE | wallet new|import|link | sign MESSAGE | verify MESSAGE SIG ADDRESS
               | register --rpc URL --registry ADDRESS [--chain ID]
                                the passport, wallet, signatures and ERC-8004 registration
  kin voice aec --reference FAR.wav --mic MIC.wav --output OUT.wav [--report]
                                remove kin's echo from a recording (16/24 kHz WAV)
  kin voice devices [--json]    the microphones and speakers kin can use, by name
  kin permissions list|allow|revoke [TOOL [SCOPE]] [--json]
                                what kin may do without asking; revoke asks again
  kin simulate [--model M] --events E.jsonl --seconds T [--fps 60] [--json] [--seed N]
                                run the character with no window and print its final state
  kin shot OUT.png [--model M] [--size WxH] [--frames N] [--portrait] [--overlay] [--events E.jsonl] [--render-scale S] [--renderer gpu|cpu] [--no-shadow]
                                render a picture offscreen and exit
  kin chat [--agent PATH] [--provider NAME] [--model M] [--base-url URL] [--root DIR]... [--yes]
                                talk with the character in the terminal (stdin may be a pipe)
  kin talk --input IN.wav --output OUT.wav [--voice openai-realtime|gemini-live|cascade]
                                one voice conversation with IN.wav as the microphone
  kin wakeword record|test|list NAME
                                record a wake word (3–8 takes) and try it on a WAV file
  kin settings [--json] | get KEY | set KEY VALUE | set-key PROVIDER | path
                                the settings file (config.yaml) and API keys (desktop keyring)
  kin help                      this text
`
