// Compiles the Node side of docsite (src/, without src/client) into dist/cli.js, and the public
// module (defineConfig) into dist/index.js.
// The browser runtime (src/client) and the theme (templates/) stay as sources:
// every site build bundles them with esbuild for that site.
import { build } from 'esbuild';

const started = performance.now();
await build({
  entryPoints: { cli: 'src/cli.ts', index: 'src/index.ts', 'compile-worker': 'src/markdown/compile-worker.ts', 'highlight-worker': 'src/highlight/highlight-worker.ts', 'render-worker': 'src/pipeline/render-worker.ts', 'card-worker': 'src/social/card-worker.ts', 'twin-worker': 'src/emit/twin-worker.ts', 'search-index-worker': 'src/emit/search-index-worker.ts', 'write-regex-table': 'src/highlight/write-regex-table.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log(`compiled dist/cli.js in ${Math.round(performance.now() - started)} ms`);
// shiki's grammar regexes, translated once here rather than in every worker of every build (src/highlight/regex-table.ts).
await import(new URL('../dist/write-regex-table.js', import.meta.url).href);
