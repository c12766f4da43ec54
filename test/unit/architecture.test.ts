import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers';

// The import graph as ARCHITECTURE.md draws it: each folder of src/ is a layer, and a module imports
// only from its own layer or an earlier one, never from a later stage (nor the client from Node code,
// nor the theme from the runtime except through the `docsite:theme` alias). No cycles either.

/** src/ folders (and top-level files) in pipeline order: a layer may import only from layers before it. */
const LAYERS = [
  'shared', 'core', 'config', 'highlight', 'content', 'markdown', 'routes',
  'bundle', 'render', 'search', 'social', 'links', 'emit', 'pipeline', 'http', 'dev', 'versioning', 'migrate', 'commands', 'cli.ts', 'prestart.ts', 'index.ts',
];

interface Edge { from: string; to: string; typeOnly: boolean }

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.d.ts') && !file.includes('__fragments__'))
    .map((file) => join(dir, file));
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(join(ROOT, from)), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (readFileSync(candidate) && /\.(ts|tsx|css)$/.test(candidate)) return relative(ROOT, candidate);
    } catch {
      // not this one
    }
  }
  return undefined;
}

function importsOf(file: string): Edge[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const edges: Edge[] = [];
  // `import x from './y'`, `export { x } from './y'`, `import './y.css'` and `import('./y')`.
  for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|^\s*import\s+['"](\.[^'"]+)['"]/gm)) {
    const specifier = match[3] ?? match[4] ?? match[5]!;
    const to = resolveImport(file, specifier);
    if (to) edges.push({ from: file, to, typeOnly: Boolean(match[2]) });
  }
  return edges;
}

const files = [...sourceFiles('src'), ...sourceFiles('templates')];
const edges = files.flatMap(importsOf);

function layerOf(file: string): string {
  if (file.startsWith('templates/')) return 'templates';
  const [, first, second] = file.split('/');
  return second === undefined ? first! : first!;
}

test('Node code imports only from its own stage or earlier ones', () => {
  const wrong = edges.filter(({ from, to }) => {
    const [a, b] = [layerOf(from), layerOf(to)];
    if (a === 'client' || a === 'templates' || b === 'client' || b === 'templates') return false;
    return LAYERS.indexOf(b) > LAYERS.indexOf(a) || LAYERS.indexOf(a) === -1 || LAYERS.indexOf(b) === -1;
  });
  assert.deepEqual(wrong.map(({ from, to }) => `${from} -> ${to}`), []);
});

test('the browser runtime and the theme: shared code only, each other only through their public doors', () => {
  const wrong = edges.filter(({ from, to, typeOnly }) => {
    const [a, b] = [layerOf(from), layerOf(to)];
    if (a === 'client') return !(b === 'client' || b === 'shared');
    if (a === 'templates') return !(b === 'templates' || b === 'shared' || to === 'src/client/api.ts');
    // Node code renders the theme through the server bundle; it may name the theme's types, never run its code.
    if (b === 'templates' || b === 'client') return !typeOnly;
    return false;
  });
  assert.deepEqual(wrong.map(({ from, to }) => `${from} -> ${to}`), []);
});

test('no import cycles', () => {
  const graph = new Map<string, string[]>();
  for (const { from, to } of edges) graph.set(from, [...(graph.get(from) ?? []), to]);
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of files) visit(file, []);
  assert.deepEqual(cycles, []);
});
