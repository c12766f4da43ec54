// Compiles the Node side of docsite (src/, without src/client) into dist/cli.js, and the public
// module (defineConfig) into dist/index.js.
// The browser runtime (src/client) and the theme (templates/) stay as sources:
// every site build bundles them with esbuild for that site.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

/**
 * A hash of each .ts file of src/ and templates/, put into the compiled files (src/core/fingerprint.ts): the caches'
 * fingerprints of docsite's sources come from the sources the build was compiled from, without reading some 400
 * files at every start (60-70 ms of an edit build).
 */
function sourceHashes() {
  const hashes = {};
  for (const dir of ['src', 'templates']) {
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts')).sort()) {
      hashes[`${dir}/${file}`] = createHash('sha256').update(readFileSync(`${dir}/${file}`)).digest('hex');
    }
  }
  return hashes;
}

const EXTERNAL = [
  'esbuild',
  '@resvg/resvg-js',
  'fontkit',
  'shiki',
  'shiki/*',
  '@shikijs/*',
  'oniguruma-to-es',
  'katex',
  'katex/*',
  'rehype-katex',
  'remark-math',
  'mermaid',
  '@orama/*',
  '@fontsource/*',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'chokidar',
  'lunr',
  '@readme/*',
  'ajv',
  'ajv-draft-04',
  'feed',
  'dompurify',
];

/**
 * acorn is imported as an ES module (by micromark's MDX extensions) and required as CommonJS (by acorn-jsx, which uses
 * it only when given no parser): bundled, that was both of its builds, 440 KB that every command's start parsed.
 * Both are given the ES module.
 */
const oneAcorn = {
  name: 'one-acorn',
  setup(pluginBuild) {
    const esm = join(dirname(createRequire(import.meta.url).resolve('acorn/package.json')), 'dist', 'acorn.mjs');
    pluginBuild.onResolve({ filter: /^acorn$/ }, () => ({ path: esm }));
  },
};

const started = performance.now();
await build({
  entryPoints: { cli: 'src/cli.ts', prestart: 'src/prestart.ts', index: 'src/index.ts', 'compile-worker': 'src/markdown/compile-worker.ts', 'code-block-worker': 'src/markdown/code-block-worker.ts', 'highlight-worker': 'src/highlight/highlight-worker.ts', 'render-worker': 'src/pipeline/render-worker.ts', 'card-worker': 'src/social/card-worker.ts', 'twin-worker': 'src/emit/twin-worker.ts', 'search-index-worker': 'src/emit/search-index-worker.ts', 'write-regex-table': 'src/highlight/write-regex-table.ts', 'write-react-runtime': 'src/bundle/write-react-runtime.ts', 'write-search-languages': 'src/bundle/write-search-languages.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Packages are bundled in: Node resolves, reads and compiles one file instead of some six hundred, which took
  // `docsite --version` from about 0.6 to 0.5 s (every command, and `docsite dev`'s start, pay it). Left outside:
  // packages with native code or their own process (esbuild, resvg), packages that read their own files at run time
  // (shiki's grammars, katex's fonts, mermaid's browser build, the search languages, fontsource), React (resolved
  // for the site bundles, never run here), and the ones loaded only when a command needs them (core/lazy-package.ts).
  external: EXTERNAL,
  banner: { js: "import { createRequire as __docsiteRequire } from 'node:module'; const require = __docsiteRequire(import.meta.url);" },
  // A string (parsed where it is used): an object would be a module esbuild initializes before every lazy one.
  define: { DOCSITE_SOURCE_HASHES: JSON.stringify(JSON.stringify(sourceHashes())) },
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [oneAcorn],
});
console.log(`compiled dist/cli.js in ${Math.round(performance.now() - started)} ms`);
// shiki's grammar regexes, translated once here rather than in every worker of every build (src/highlight/regex-table.ts).
await import(new URL('../dist/write-regex-table.js', import.meta.url).href);
// React's browser file, made here rather than at the start of every build's bundle stage (src/bundle/react-runtime.ts).
await import(new URL('../dist/write-react-runtime.js', import.meta.url).href);
// The search worker's language files, made here rather than in every build (src/bundle/search-worker.ts).
await import(new URL('../dist/write-search-languages.js', import.meta.url).href);
