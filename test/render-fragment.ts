import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { FOR_NODE } from '../src/bundle/bundle';
import { setupSiteImports } from '../src/bundle/site-imports';
import { parseFrontMatter } from '../src/content/frontmatter';
import { TEMPLATES_DIR } from '../src/core/paths';
import { getHighlighter } from '../src/highlight/highlighter';
import { CompileCache } from '../src/markdown/compile-cache';
import { compileMarkdown, type MarkdownFile } from '../src/markdown/compile-files';
import type { CompileSetup } from '../src/markdown/compile-setup';
import type { CompiledMarkdown } from '../src/markdown/compile';
import { normalizeBaseUrl, withBase } from '../src/shared/url';

// Renders Markdown fragments (src/markdown/plugins/<plugin>/__fragments__/<case>.md) to the HTML a build
// makes of them, for test/unit/markdown-fragments.test.ts.
//
// Each fragment is a page of a minimal site whose folder is the __fragments__ folder itself:
// - every `.md` case of the folder is a doc with the route `/docs/<case>`, so a fragment links to
//   another case as `./<case>.md` and gets that route (and a link to any other .md stays as written);
// - static files are under `static/` in that folder (`![](/img/x.svg)` finds `static/img/x.svg`);
// - TOC levels 2 to 3 (the site default), base URL `/`.
//
// Compiling goes through compileMarkdown (src/markdown/compile-files.ts) with the cache off: the function
// a build calls, so front matter `toc_min_heading_level`/`toc_max_heading_level` work as on a page.
// The compiled module is then bundled as the build's server bundle is (its esbuild options, its resolution
// of `@theme/*`, `@site/*` and raw imports, imported images as `/assets/media/<name>-<hash>.<ext>`) and
// rendered with react-dom/server's renderToStaticMarkup and the components every page gets
// (templates/mdx: the REAL theme components, Tabs and TabItem, and the real `@theme/CodeBlock` and
// others when a fragment imports them; no stand-ins). renderToStaticMarkup is what the build uses for a
// page's Markdown body alone (the blog feeds); a whole page is rendered with renderToString, which differs
// only by React's `<!-- -->` markers between adjacent texts.
//
// A fragment's own front matter may carry a `fragment:` mapping for the runner (a page ignores it):
//   fragment:
//     baseUrl: /base/          # the site's base URL
//     trailingSlash: true      # the site's trailingSlash
//     show: [toc, links]       # compile results to add after the HTML, as comments: toc, headingIds,
//                              # links, sections, excerpt
// A fragment that fails to compile renders as `<!-- error: <message> (line:column) -->`.
//
// One difference from a build, on purpose: shiki stops tokenizing a line after 500 ms (its default
// `tokenizeTimeLimit`) and leaves the rest of the line as one token, and the first lines highlighted in a
// language can take that long on a busy machine while the grammar's regular expressions compile, and the
// output then depends on the machine's load. Fragments must not, whatever the highlighter's own options:
// here the limit is lifted, so they show every line fully highlighted, as intended.

export const FRAGMENT_RESULTS = ['toc', 'headingIds', 'links', 'sections', 'excerpt'] as const;
type FragmentResult = (typeof FRAGMENT_RESULTS)[number];

interface FragmentOptions {
  baseUrl?: string;
  trailingSlash?: boolean;
  show?: FragmentResult[];
}

export interface RenderedFragment {
  /** The case's name: its file name without `.md`. */
  name: string;
  markdownFile: string;
  htmlFile: string;
  /** What the `.html` file should hold. */
  html: string;
}

/** The `.md` cases of a __fragments__ folder, sorted. */
export function fragmentCases(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(dir, name));
}

let unlimited: Promise<void> | undefined;

/** The process's highlighter, made to tokenize every line to its end however long it takes (see above). */
function highlightWithoutTimeLimit(): Promise<void> {
  unlimited ??= getHighlighter().then((highlighter) => {
    const codeToHtml = highlighter.codeToHtml.bind(highlighter);
    highlighter.codeToHtml = (code, options) => codeToHtml(code, { ...options, tokenizeTimeLimit: 0 });
  });
  return unlimited;
}

/** Every case of one __fragments__ folder, rendered (one bundle for the folder). */
export async function renderFragmentFolder(dir: string): Promise<RenderedFragment[]> {
  await highlightWithoutTimeLimit();
  const files = fragmentCases(dir);
  const routeOfFile = files.map((file): [string, string] => [file, `/docs/${basename(file, '.md')}`]);
  const compiled: Array<{ file: string; options: FragmentOptions; result?: CompiledMarkdown; error?: string; baseUrl: string }> = [];
  for (const file of files) {
    const content = readFileSync(file, 'utf8');
    const frontMatter = parseFrontMatter(content, basename(file)).data;
    const options = fragmentOptions(frontMatter.fragment, file);
    const baseUrl = normalizeBaseUrl(options.baseUrl ?? '/');
    const setup: CompileSetup = { minHeadingLevel: 2, maxHeadingLevel: 3, siteDir: dir, contentDirs: [dir], baseUrl, trailingSlash: options.trailingSlash, staticDirs: ['static'], routeOfFile };
    const markdown: MarkdownFile = { key: file, absolutePath: file, source: basename(file), content, frontMatter: tocLevels(frontMatter) };
    try {
      const { compiled: results } = await compileMarkdown([markdown], setup, new CompileCache(dir, false));
      compiled.push({ file, options, baseUrl, result: results.get(file)! });
    } catch (error) {
      const { message, line, column } = error as { message: string; line?: number; column?: number };
      compiled.push({ file, options, baseUrl, error: `<!-- error: ${message}${line ? ` (${line}:${column ?? 1})` : ''} -->\n` });
    }
  }

  const rendered = await renderCompiled(dir, compiled.map(({ file, result, baseUrl }) => (result ? { file, code: result.code!, baseUrl } : undefined)));
  return compiled.map(({ file, options, result, error }, index) => ({
    name: basename(file, '.md'),
    markdownFile: file,
    htmlFile: file.replace(/\.md$/, '.html'),
    html: error ?? `${formatHtml(rendered[index]!)}${resultComments(result!, options.show ?? [])}`,
  }));
}

function fragmentOptions(value: unknown, file: string): FragmentOptions {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null) throw new Error(`${file}: front matter \`fragment\` must be a mapping`);
  const options = value as Record<string, unknown>;
  for (const key of Object.keys(options)) {
    if (!['baseUrl', 'trailingSlash', 'show'].includes(key)) throw new Error(`${file}: unknown fragment option \`${key}\``);
  }
  for (const shown of (options.show as unknown[] | undefined) ?? []) {
    if (!FRAGMENT_RESULTS.includes(shown as FragmentResult)) throw new Error(`${file}: fragment.show names \`${String(shown)}\`; known: ${FRAGMENT_RESULTS.join(', ')}`);
  }
  return options as FragmentOptions;
}

function tocLevels(frontMatter: Record<string, unknown>): MarkdownFile['frontMatter'] {
  const levels: MarkdownFile['frontMatter'] = {};
  if (typeof frontMatter.toc_min_heading_level === 'number') levels.toc_min_heading_level = frontMatter.toc_min_heading_level;
  if (typeof frontMatter.toc_max_heading_level === 'number') levels.toc_max_heading_level = frontMatter.toc_max_heading_level;
  return levels;
}

/**
 * Bundles the compiled modules of one folder with react-dom/server and the theme's MDX components, the way
 * the build's server bundle does, imports the bundle and renders each module. Undefined entries stay empty.
 */
async function renderCompiled(dir: string, modules: Array<{ file: string; code: string; baseUrl: string } | undefined>): Promise<string[]> {
  const present = modules.flatMap((module, index) => (module ? [index] : []));
  if (!present.length) return modules.map(() => '');
  // Imported images get the URL the build gives them; it depends on the base URL, so one per base URL.
  const baseUrls = [...new Set(present.map((index) => modules[index]!.baseUrl))];
  const html: string[] = modules.map(() => '');
  const scratch = mkdtempSync(join(tmpdir(), 'docsite-fragments-'));
  try {
    for (const [bundleIndex, baseUrl] of baseUrls.entries()) {
      const indexes = present.filter((index) => modules[index]!.baseUrl === baseUrl);
      const entry = [
        "import { createElement } from 'react';",
        "import { renderToStaticMarkup } from 'react-dom/server';",
        // Every global component (a page's chunk brings those its content uses; a fragment may use any).
        `import mdxComponents from ${JSON.stringify(join(TEMPLATES_DIR, 'mdx', 'theme', 'MDXComponents.tsx'))};`,
        ...indexes.map((index) => `import Content${index} from 'docsite-fragment:${index}';`),
        `const contents = { ${indexes.map((index) => `${index}: Content${index}`).join(', ')} };`,
        'export function render(index) { return renderToStaticMarkup(createElement(contents[index], { components: mdxComponents })); }',
      ].join('\n');
      const result = await build({
        ...FOR_NODE,
        stdin: { contents: entry, resolveDir: dir, sourcefile: 'fragments-entry.js', loader: 'js' },
        outdir: join(scratch, 'out'),
        write: false,
        // As bundleServer: imported files are named like the browser bundle writes them.
        assetNames: 'media/[name]-[hash]',
        publicPath: withBase(baseUrl, '/assets/'),
        plugins: [fragmentModules(dir, modules)],
      });
      const script = result.outputFiles.find((output) => output.path.endsWith('.js'));
      if (!script) throw new Error('the fragment bundle has no script');
      const file = join(scratch, `fragments-${bundleIndex}.mjs`);
      writeFileSync(file, script.contents);
      const { render } = (await import(pathToFileURL(file).href)) as { render: (index: number) => string };
      for (const index of indexes) html[index] = render(index);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return html;
}

/**
 * The compiled fragments as modules, the site's (absent) own MDX components, and the build's site imports. Each
 * compiled module is loaded at its Markdown file's path, as the build loads a page's: site imports tell what a
 * Markdown file's author wrote from what the compiler added by the importer's path.
 */
function fragmentModules(dir: string, modules: Array<{ file: string; code: string } | undefined>): Plugin {
  const byPath = new Map(modules.flatMap((module) => (module ? [[module.file, module.code] as const] : [])));
  return {
    name: 'docsite-fragments',
    setup(build) {
      build.onResolve({ filter: /^docsite-fragment:\d+$/ }, (args) => ({ path: modules[Number(args.path.slice('docsite-fragment:'.length))]!.file }));
      build.onLoad({ filter: /\.md$/ }, (args) => {
        const code = byPath.get(args.path);
        return code === undefined ? undefined : { contents: code, loader: 'js', resolveDir: dirname(args.path) };
      });
      // The site's own MDX components: none. The site module: read only by components' browser code (Mermaid's
      // renderer URL), which a server render never runs.
      build.onResolve({ filter: /^docsite:site(-mdx-components)?$/ }, (args) => ({ path: args.path, namespace: 'docsite-fragment-site' }));
      build.onLoad({ filter: /.*/, namespace: 'docsite-fragment-site' }, (args) => ({ contents: args.path === 'docsite:site' ? 'export default { baseUrl: "/" };' : 'export default {};', loader: 'js' }));
      setupSiteImports(build, { siteDir: dir });
    },
  };
}

/**
 * Stable text: MDX already puts a line break between block elements. Line breaks before the first element
 * (left by a leading comment or import) are dropped, and the text ends with one; nothing else is changed.
 */
function formatHtml(html: string): string {
  const trimmed = html.replace(/^\n+/, '');
  return trimmed.endsWith('\n') ? trimmed : `${trimmed}\n`;
}

/** The compile results a fragment asked for, as HTML comments after the markup, one item a line. */
function resultComments(result: CompiledMarkdown, show: FragmentResult[]): string {
  return show
    .map((key) => {
      const value = result[key];
      const body = Array.isArray(value) ? (value.length ? `[\n${value.map((item) => `  ${JSON.stringify(item)}`).join(',\n')}\n]` : '[]') : JSON.stringify(value ?? null);
      return `<!-- ${key}: ${body} -->\n`;
    })
    .join('');
}
