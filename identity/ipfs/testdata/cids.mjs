// cids.mjs prints, as JSON, the CIDs js-ipfs-unixfs-importer gives files of the sizes
// TestFileCIDMatchesJS uses, filled with pattern(size) (byte i = (i*31+7) mod 256).
// It is an implementation independent of kin's: file_test.go compares with it when node
// and the packages are there, and cids.json keeps its output for when they are not.
//   npm install --prefix "$TMPDIR/ipfsjs" ipfs-unixfs-importer@15.3.1 blockstore-core@5.0.2
//   NODE_MODULES="$TMPDIR/ipfsjs/node_modules" node cids.mjs > cids.json
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// load imports an ES module package (sub)path from $NODE_MODULES by its exports map.
async function load(pkg, sub = ".") {
  const dir = join(process.env.NODE_MODULES || "node_modules", pkg);
  const meta = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const entry = meta.exports[sub];
  const file = typeof entry === "string" ? entry : entry.import;
  return import(pathToFileURL(join(dir, file)).href);
}
const { importer } = await load("ipfs-unixfs-importer");
const { MemoryBlockstore } = await load("blockstore-core", "./memory");

const sizes = process.argv.length > 2 ? process.argv.slice(2).map(Number)
  : [0, 1, 1000, 262144, 262145, 786437, 174 * 262144, 174 * 262144 + 1];
const out = {};
for (const size of sizes) {
  const data = new Uint8Array(size);
  for (let i = 0; i < size; i++) data[i] = (i * 31 + 7) & 0xff;
  const opts = { cidVersion: 1, rawLeaves: true };
  for await (const entry of importer([{ content: data }], new MemoryBlockstore(), opts)) {
    out[size] = entry.cid.toString();
  }
}
console.log(JSON.stringify(out, null, 1));
