// Package skill holds kin's skills: named capabilities with an animation
// hint, an optional voice pattern and a handler that reports
// {success, output, sentiment, data} (seed 000, "Skills"). Every skill
// becomes a *tools.Tool in the one tool registry, so each call passes the
// permission gate and the diary like any other tool; the executor's
// skill-done event carries the handler's sentiment and data, which the
// Empathy Layer turns into celebration or concern.
//
// The built-in skills are greet, present-model, validate-model, remember,
// think and help. Further skills come in bundles: a folder holding SKILL.md
// (YAML frontmatter with the skill's fields, then the instruction as
// Markdown) and any files it needs. A bundle's handler is one of:
//
//   - none: the tool hands the model the instruction to follow with its tools;
//   - handler: {mcp: "server/tool"}: the tool calls an MCP server's tool;
//   - handler: {run: "bin/x"}: the tool runs a program shipped in the bundle
//     with the arguments as JSON on stdin and reads a JSON result on stdout
//     (high risk: the gate asks the user first).
//
// Bundles are installed under DATA/skills/NAME (`kin skill add`) or named by
// the manifest's skills list as paths, file:// or https:// URIs (.tar.gz or
// .zip, size-capped, no path traversal). [Load] applies the trust mode
// (any, owned-only, whitelist), resolves dependencies with version
// constraints (^1.2, ~1.2, >=1.0 <2, exact), and reports every bundle that
// fails while loading the others.
package skill
