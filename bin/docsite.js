#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run compile` (run automatically on install).
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// V8 optimizes a function once it has run about 66 KB of bytecode. A build is a few seconds of many short-lived hot
// paths (remark, React's renderer, shiki, the card rasterizer) in five threads that each optimize their own copies, and
// at that threshold V8's optimizing compiler took about a fifth of the build's CPU. Eight times the budget optimizes
// what stays hot and leaves the rest to the baseline tiers: about 0.4 s less of a 1000-page build's 5 s on two cores,
// no slower at 5000 pages (issue 30). This flag is only read when a function's budget is set, so setting it here,
// before any of the CLI's code is loaded, is safe; workers share it. A budget given on node's command line wins.
if (!process.execArgv.some((arg) => arg.startsWith('--interrupt-budget'))) setFlagsFromString('--interrupt-budget=540672');

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('docsite: dist/cli.js is missing. Run `npm run compile` in the docsite folder first.');
  process.exit(1);
}
// A build's first worker starts while the CLI loads (src/prestart.ts); a small module, read for `build` only.
if (process.argv[2] === 'build') (await import(new URL('../dist/prestart.js', import.meta.url).href)).prestart(process.argv.slice(2));
await import(cli.href);
