// encode.mjs writes the fixtures the Go decoder is tested against: buffers
// encoded by the reference encoder (the meshoptimizer npm package, WASM) and
// the bytes its own decoder gives back.
//
//   npm install meshoptimizer@1.3.0        (anywhere)
//   MESHOPTIMIZER=/path/to/node_modules/meshoptimizer node encode.mjs out.json
//
// Every input is generated from a fixed seed, so a run with the same package
// version writes the same file. fixtures.json beside this script is the
// committed output; `go test` reads it and needs no node.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.MESHOPTIMIZER;
if (!dir) {
	console.error('set MESHOPTIMIZER to the meshoptimizer package folder');
	process.exit(2);
}
const { MeshoptEncoder: enc, MeshoptDecoder: dec } = await import(pathToFileURL(join(dir, 'index.js')).href);
await enc.ready;
await dec.ready;

let seed = 12345;
function random() {
	// xorshift32: the same numbers on every run
	seed ^= seed << 13;
	seed ^= seed >>> 17;
	seed ^= seed << 5;
	return (seed >>> 0) / 4294967296;
}

const cases = [];
const b64 = (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength).toString('base64');

function add(name, mode, filter, count, stride, encoded, decoded) {
	cases.push({ name, mode, filter, count, stride, encoded: b64(encoded), decoded: b64(decoded) });
}

// decodeRef runs the reference decoder on an encoded buffer.
function decodeRef(encoded, count, stride, mode, filter) {
	const out = new Uint8Array(count * stride);
	dec.decodeGltfBuffer(out, count, stride, encoded, mode, filter);
	return out;
}

function same(a, b) {
	return a.length === b.length && a.every((v, i) => v === b[i]);
}

// Vertex streams: lossless, so the expected output is the input itself.
function vertexData(kind, count, stride) {
	const out = new Uint8Array(count * stride);
	for (let i = 0; i < count; i++) {
		for (let k = 0; k < stride; k++) {
			let v;
			switch (kind) {
				case 'zero': v = 0; break;
				case 'random': v = Math.floor(random() * 256); break;
				case 'ramp': v = (i * (k + 1)) & 0xff; break;
				case 'smooth': v = (Math.round(128 + 100 * Math.sin(i / 17 + k)) + (random() < 0.1 ? 3 : 0)) & 0xff; break;
			}
			out[i * stride + k] = v;
		}
	}
	if (kind === 'floats') {
		const f = new Float32Array(out.buffer);
		for (let i = 0; i < f.length; i++) f[i] = Math.sin(i * 0.01) * 10 + (i % 3);
	}
	if (kind === 'xor') {
		// floats whose sign flips and whose low mantissa bits are noise: level 3
		// encodes these with the rotated XOR channel
		const f = new Float32Array(out.buffer);
		for (let i = 0; i < f.length; i++) f[i] = (Math.floor(i / (stride / 4)) % 2 ? -1 : 1) * (1 + random() * 1e-2);
	}
	return out;
}

for (const version of [0, 1]) {
	for (const level of version === 0 ? [2] : [0, 1, 2, 3]) {
		const kinds = level === 2 ? ['zero', 'random', 'ramp', 'smooth', 'floats', 'xor'] : ['smooth', 'floats', 'xor'];
		for (const kind of kinds) {
			for (const [count, stride] of [[1, 4], [16, 8], [17, 12], [100, 16], [300, 8], [513, 4], [20, 256], [0, 16]]) {
				const data = vertexData(kind, count, stride);
				const encoded = enc.encodeVertexBufferLevel(data, count, stride, level, version);
				if (!same(decodeRef(encoded, count, stride, 'ATTRIBUTES'), data)) throw new Error('reference decoder disagrees');
				add(`v${version}-l${level}-${kind}-${count}x${stride}`, 'ATTRIBUTES', 'NONE', count, stride, encoded, data);
			}
		}
	}
}

// Filters: lossy, so the expected output is the reference decoder's.
function unitVectors(count, w) {
	const f = new Float32Array(count * 4);
	for (let i = 0; i < count; i++) {
		let x = random() * 2 - 1, y = random() * 2 - 1, z = random() * 2 - 1;
		if (i % 7 === 0) [x, y, z] = [0, 0, i % 2 ? 1 : -1];
		const l = Math.hypot(x, y, z) || 1;
		f.set([x / l, y / l, z / l, w(i)], i * 4);
	}
	return f;
}

function filtered(name, filter, count, stride, version, encodedFilter) {
	const encoded = enc.encodeVertexBufferLevel(encodedFilter, count, stride, 2, version);
	add(name, 'ATTRIBUTES', filter, count, stride, encoded, decodeRef(encoded, count, stride, 'ATTRIBUTES', filter));
}

for (const version of [0, 1]) {
	for (const [stride, bits] of [[4, 8], [4, 5], [8, 16], [8, 12], [8, 4]]) {
		const v = unitVectors(100, (i) => (i % 2 ? 1 : -1));
		filtered(`v${version}-oct-${stride}-${bits}`, 'OCTAHEDRAL', 100, stride, version, enc.encodeFilterOct(v, 100, stride, bits));
	}
	for (const bits of [16, 12, 8, 4]) {
		const q = new Float32Array(100 * 4);
		for (let i = 0; i < 100; i++) {
			const v = [random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5];
			if (i % 5 === 0) v[i % 4] = 3;
			const l = Math.hypot(...v);
			q.set(v.map((c) => c / l), i * 4);
		}
		filtered(`v${version}-quat-${bits}`, 'QUATERNION', 100, 8, version, enc.encodeFilterQuat(q, 100, 8, bits));
	}
	for (const [stride, bits, mode] of [[4, 23, 'Separate'], [12, 15, 'SharedVector'], [12, 10, 'SharedComponent'], [16, 8, 'Clamped'], [8, 24, 'Separate']]) {
		const f = new Float32Array((100 * stride) / 4);
		for (let i = 0; i < f.length; i++) f[i] = (random() - 0.5) * Math.pow(10, (i % 9) - 4);
		f[0] = 0;
		f[1 % f.length] = -0;
		filtered(`v${version}-exp-${stride}-${bits}-${mode}`, 'EXPONENTIAL', 100, stride, version, enc.encodeFilterExp(f, 100, stride, bits, mode));
	}
	for (const [stride, bits] of [[4, 8], [4, 6], [8, 16], [8, 10]]) {
		const c = new Float32Array(100 * 4);
		for (let i = 0; i < c.length; i++) c[i] = random();
		c.set([0, 0, 0, 0, 1, 1, 1, 1], 0);
		filtered(`v${version}-color-${stride}-${bits}`, 'COLOR', 100, stride, version, enc.encodeFilterColor(c, 100, stride, bits));
	}
}

// Index data: a grid mesh in cache-friendly order, the same shuffled, and
// random triangles.
function grid(n) {
	const idx = [];
	for (let y = 0; y < n; y++) {
		for (let x = 0; x < n; x++) {
			const a = y * (n + 1) + x, b = a + 1, c = a + n + 1, d = c + 1;
			idx.push(a, b, c, b, d, c);
		}
	}
	return new Uint32Array(idx);
}

function shuffledTriangles(idx) {
	const out = new Uint32Array(idx);
	for (let t = idx.length / 3 - 1; t > 0; t--) {
		const s = Math.floor(random() * (t + 1));
		for (let k = 0; k < 3; k++) [out[t * 3 + k], out[s * 3 + k]] = [out[s * 3 + k], out[t * 3 + k]];
	}
	return out;
}

function randomIndices(n, range) {
	const out = new Uint32Array(n);
	for (let i = 0; i < n; i++) out[i] = Math.floor(random() * range);
	return out;
}

function optimized(idx) {
	const [remap, unique] = enc.reorderMesh(new Uint32Array(idx), true, false);
	return { idx: idx.map((v) => remap[v]), unique };
}

function asSize(idx, size) {
	return size === 2 ? new Uint8Array(new Uint16Array(idx).buffer) : new Uint8Array(new Uint32Array(idx).buffer);
}

const triangleSets = {
	grid: optimized(grid(20)).idx,
	'grid-raw': grid(20),
	shuffled: shuffledTriangles(grid(12)),
	random: randomIndices(3 * 300, 5000),
	'random-big': randomIndices(3 * 50, 3000000),
	degenerate: new Uint32Array([0, 0, 0, 1, 1, 1, 5, 5, 6, 0, 1, 2]),
	empty: new Uint32Array(0),
};
// The triangle codec may rotate a triangle's vertices (keeping its winding),
// so the expected output is the reference decoder's, checked to be the input
// up to such rotations.
function sameTriangles(got, want) {
	for (let t = 0; t < want.length; t += 3) {
		const [a, b, c] = want.slice(t, t + 3);
		const [x, y, z] = got.slice(t, t + 3);
		if (!((x === a && y === b && z === c) || (x === b && y === c && z === a) || (x === c && y === a && z === b))) return false;
	}
	return got.length === want.length;
}

for (const [name, idx] of Object.entries(triangleSets)) {
	for (const size of [2, 4]) {
		if (size === 2 && idx.some((v) => v > 0xffff)) continue;
		const encoded = enc.encodeGltfBuffer(asSize(idx, size), idx.length, size, 'TRIANGLES');
		const decoded = decodeRef(encoded, idx.length, size, 'TRIANGLES');
		const wide = size === 2 ? new Uint16Array(decoded.buffer) : new Uint32Array(decoded.buffer);
		if (!sameTriangles(wide, idx)) throw new Error('reference decoder disagrees on triangles ' + name);
		add(`tri-${name}-${size}`, 'TRIANGLES', 'NONE', idx.length, size, encoded, decoded);
	}
}

const sequences = {
	strip: new Uint32Array(Array.from({ length: 500 }, (_, i) => (i % 2 ? 1000 + i : i))),
	lines: new Uint32Array(Array.from({ length: 400 }, (_, i) => (i >> 1) + (i & 1))),
	random: randomIndices(500, 70000),
	'random-big': randomIndices(100, 1000000000), // deltas must stay within ±2^30
	descending: new Uint32Array(Array.from({ length: 100 }, (_, i) => 100 - i)),
	single: new Uint32Array([7]),
	empty: new Uint32Array(0),
};
for (const [name, idx] of Object.entries(sequences)) {
	for (const size of [2, 4]) {
		if (size === 2 && idx.some((v) => v > 0xffff)) continue;
		const data = asSize(idx, size);
		const encoded = enc.encodeGltfBuffer(data, idx.length, size, 'INDICES');
		if (!same(decodeRef(encoded, idx.length, size, 'INDICES'), data)) throw new Error('reference decoder disagrees on sequence ' + name);
		add(`seq-${name}-${size}`, 'INDICES', 'NONE', idx.length, size, encoded, data);
	}
}

const out = process.argv[2] || 'fixtures.json';
writeFileSync(out, JSON.stringify({ encoder: 'meshoptimizer npm ' + JSON.parse((await import('node:fs')).readFileSync(join(dir, 'package.json'))).version, cases }, null, 1) + '\n');
console.log(`wrote ${cases.length} cases to ${out}`);
