import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { mermaidRendererFile } from '../../src/emit/mermaid-renderer';
import { MERMAID_RENDERER, MERMAID_RENDERER_DIR, MERMAID_VERSION } from '../../src/shared/mermaid';
import { ROOT } from '../helpers';

// The browser imports mermaid from a folder named by the version in src/shared/mermaid.ts, served for a year as
// immutable: the installed package must be that version, and package.json must not let it float.

test('the renderer folder names the installed mermaid version, which package.json pins exactly', () => {
  const installed = JSON.parse(readFileSync(createRequire(join(ROOT, 'package.json')).resolve('mermaid/package.json'), 'utf8')) as { version: string };
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  assert.equal(MERMAID_VERSION, installed.version);
  assert.equal(manifest.dependencies.mermaid, MERMAID_VERSION);
});

test('the dev server finds the renderer entry and its chunks, and nothing else', () => {
  const entry = mermaidRendererFile(`/${MERMAID_RENDERER}`);
  assert.ok(entry && entry.endsWith('mermaid.esm.min.mjs'));
  const firstChunk = /"\.\/(chunks\/mermaid\.esm\.min\/[^"]+\.mjs)"/.exec(readFileSync(entry, 'utf8'))?.[1];
  assert.ok(firstChunk, 'the entry imports its chunks');
  assert.ok(mermaidRendererFile(`/${MERMAID_RENDERER_DIR}/${firstChunk}`));
  for (const path of [
    `/${MERMAID_RENDERER_DIR}/mermaid.core.mjs`,
    `/${MERMAID_RENDERER_DIR}/../package.json`,
    `/${MERMAID_RENDERER_DIR}/chunks/mermaid.esm.min/../../mermaid.core.mjs`,
    `/${MERMAID_RENDERER_DIR}/chunks/mermaid.esm.min/missing.mjs`,
    `/${MERMAID_RENDERER_DIR}/mermaid.esm.min.mjs.map`,
    '/assets/mermaid-0.0.0/mermaid.esm.min.mjs',
  ]) {
    assert.equal(mermaidRendererFile(path), undefined, path);
  }
});
