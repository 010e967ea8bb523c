#!/usr/bin/env node
// generate-maze.js - runs the npm package generate-maze (Eller's algorithm,
// MIT, pinned at 1.1.0) as a mazebench outside generator.
//
//   node generate-maze.js COLS ROWS SEED [OUT]
//
// Writes the package's own result, an array of rows of cells
// {x, y, top, left, bottom, right, set} (true = wall; x the column, y the
// row), as JSON to OUT, or to standard output when OUT is absent or '-'.
// mazebench reads it with format = json. On standard error it prints
// 'mazebench-own-ns: N': the nanoseconds of the package's generate() call
// alone (process.hrtime.bigint), without Node's start-up, the loading of
// the package or the writing of the JSON.
//
// The package is not part of this repository: scripts/setup.sh installs it
// under $MZ_DEPS/npm (default ~/.cache/mazebench/npm), and this wrapper
// loads it from there.
//
// Seeds: the package seeds its own mulberry32 with a JavaScript number, so
// the wrapper passes SEED modulo 2^32 (seeds that differ by a multiple of
// 2^32 give the same maze). The package always closes the outer border
// (closed = true).
'use strict';
const path = require('path');
const fs = require('fs');
const os = require('os');

function fail(msg) {
    process.stderr.write('generate-maze.js: ' + msg + '\n');
    process.exit(2);
}

function count(text, what) {
    if (!/^[0-9]+$/.test(text || '')) fail(what + " must be a whole number, not '" + text + "'");
    return BigInt(text);
}

const args = process.argv.slice(2);
if (args.length < 3 || args.length > 4) fail('usage: node generate-maze.js COLS ROWS SEED [OUT]');
const cols = count(args[0], 'COLS');
const rows = count(args[1], 'ROWS');
const seed = count(args[2], 'SEED');
if (cols < 1n || rows < 1n || cols * rows > 100000000n) fail('COLS x ROWS must be 1 to 10^8 cells');

const deps = process.env.MZ_DEPS || path.join(os.homedir(), '.cache', 'mazebench');
const where = path.join(deps, 'npm', 'node_modules', 'generate-maze');
let generate;
try {
    generate = require(where);
} catch (e) {
    fail('generate-maze is not installed in ' + where + ': run sh scripts/setup.sh');
}

const t0 = process.hrtime.bigint();
const maze = generate(Number(cols), Number(rows), true, Number(seed % 4294967296n));
const t1 = process.hrtime.bigint();

// One row of cells a line: the file stays readable and is written in
// pieces, never as one string of the whole maze.
const out = args.length === 4 && args[3] !== '-' ? fs.openSync(args[3], 'w') : 1;
const put = (s) => {
    let buf = Buffer.from(s);
    let off = 0;
    while (off < buf.length) {
        try {
            off += fs.writeSync(out, buf, off);
        } catch (e) {
            if (e.code === 'EAGAIN') continue;
            fail('cannot write: ' + e.message);
        }
    }
};
put('[\n');
maze.forEach((row, y) => put(JSON.stringify(row) + (y + 1 < maze.length ? ',\n' : '\n')));
put(']\n');
if (out !== 1) fs.closeSync(out);
process.stderr.write('mazebench-own-ns: ' + (t1 - t0) + '\n');
