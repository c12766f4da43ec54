#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run compile` (run automatically on install).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('docsite: dist/cli.js is missing. Run `npm run compile` in the docsite folder first.');
  process.exit(1);
}
await import(cli.href);
