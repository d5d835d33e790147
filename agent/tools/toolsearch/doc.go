// Package toolsearch is the tool_search tool: it finds tools in a
// [tools.Registry] by name and description, so a request can carry a small
// core set of tools and the model looks up the rest (the dozens an MCP
// server brings) only when it needs them.
//
// [Search] ranks the tools for a query; [Tool] wraps it for the model and
// reports what it found through [Config.Found], which the runtime uses to
// make those tools callable for the rest of the turn.
package toolsearch
