// node_client.mjs drives kin's MCP server with the reference TypeScript
// SDK client and prints what it saw as JSON. Usage:
//   node node_client.mjs stdio COMMAND ARG...    (env passes through)
//   node node_client.mjs http URL TOKEN
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [mode, target, ...rest] = process.argv.slice(2);
const transport = mode === "stdio"
  ? new StdioClientTransport({ command: target, args: rest, env: process.env })
  : new StreamableHTTPClientTransport(new URL(target), {
      requestInit: { headers: { Authorization: `Bearer ${rest[0]}` } },
    });
const client = new Client({ name: "node-test-client", version: "1.0.0" });
await client.connect(transport);
const { tools } = await client.listTools();
const call = await client.callTool({ name: "get_datetime", arguments: { tz: "UTC" } });
const denied = await client.callTool({ name: "fs_delete", arguments: { path: "/x" } });
const res = await client.readResource({ uri: "kin://identity" });
console.log(JSON.stringify({
  tools: tools.map((t) => ({ name: t.name, readOnly: t.annotations?.readOnlyHint ?? false })),
  text: call.content.find((c) => c.type === "text")?.text,
  images: call.content.filter((c) => c.type === "image").length,
  denied: denied.isError === true ? denied.content[0].text : null,
  resource: res.contents[0].text,
}));
await client.close();
