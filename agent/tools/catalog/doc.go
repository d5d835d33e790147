// Package catalog names every tool kin can offer its model without running: the
// built-in tools of agent/tools and its subpackages, the scheduling, sub-agent and
// perception tools, the built-in skills and the installed skill bundles. Commands that
// take a tool name (kin permissions allow) check it here, because the registry the
// companion builds exists only while kin runs. MCP tools are not listed: their names
// (mcp__SERVER__TOOL) depend on servers that may not be running; see [IsMCP].
package catalog
