// compile.mjs compiles IdentityRegistry.sol once with solc-js and writes
// IdentityRegistry.json ({"abi": [...], "bytecode": "0x..."}) beside it.
// Run from this folder:
//   npm install --prefix "$TMPDIR/solc" solc@0.8.28
//   NODE_PATH="$TMPDIR/solc/node_modules" node compile.mjs
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";

const require = createRequire(import.meta.url);
const solc = require("solc");
const source = readFileSync("IdentityRegistry.sol", "utf8");
const input = {
  language: "Solidity",
  sources: { "IdentityRegistry.sol": { content: source } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: "cancun",
    outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
  },
};
const out = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (out.errors || []).filter((e) => e.severity === "error");
if (errors.length) {
  console.error(errors.map((e) => e.formattedMessage).join("\n"));
  process.exit(1);
}
const c = out.contracts["IdentityRegistry.sol"].IdentityRegistry;
const doc = { compiler: "solc " + solc.version(), abi: c.abi, bytecode: "0x" + c.evm.bytecode.object };
writeFileSync("IdentityRegistry.json", JSON.stringify(doc, null, 1) + "\n");
console.log("wrote IdentityRegistry.json:", c.evm.bytecode.object.length / 2, "bytes of bytecode");
