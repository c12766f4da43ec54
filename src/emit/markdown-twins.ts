import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Element, ElementContent, Nodes, Root } from 'hast';
import type * as HastFromParse5 from 'hast-util-from-parse5';
import type * as Parse5 from 'parse5';
import type * as HastToMdast from 'hast-util-to-mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import type * as MdastToMarkdown from 'mdast-util-to-markdown';
import { lazyPackage } from '../core/lazy-package';
import { createWorkerPool, type WorkerPool } from '../core/worker-pool';
import { workerUrl } from '../core/worker-thread';
import type { RenderedPage } from '../render/render';
import type { RouteDefinition } from '../routes';
import { markdownTwinOf } from '../shared/url';
import { docMarkdown } from './doc-markdown';

// HTML -> Markdown, for the twins only (a build writes them; `docsite dev` makes one when asked).
const parse5 = lazyPackage<typeof Parse5>('parse5');
const hastFromParse5 = lazyPackage<typeof HastFromParse5>('hast-util-from-parse5');
const hastToMdast = lazyPackage<typeof HastToMdast>('hast-util-to-mdast');
const mdastToMarkdown = lazyPackage<typeof MdastToMarkdown>('mdast-util-to-markdown');

// The `.md` twin of every doc and API page (`/docs/install/docker-compose.md`), for readers and language models
// that want the text without the site around it. A doc's is its source, cleaned (doc-markdown.ts). An API page's
// is its rendered article as Markdown, the operation as generated from the spec: parameters and responses as
// tables, examples as code. The article's chrome (breadcrumbs, version badge, buttons, previous/next) is left out.
// HTML to Markdown is unified's (parse5 to hast to mdast), a few milliseconds a page.

/** Which pages have a twin: docs (doc-markdown.ts, from their source), and the API reference's pages (here). */
export function hasMarkdownTwin(route: RouteDefinition): boolean {
  return (route.data.kind === 'doc' || isApiPage(route)) && !route.caseAliasOf;
}

/** The API reference's operations, schemas and introduction: their twin is their rendered article. */
export function isApiPage(route: RouteDefinition): boolean {
  return ['apiOperation', 'apiSchema', 'apiIntro'].includes(route.data.kind);
}

/** `/docs/install/docker-compose` (or `…/docker-compose/`) -> `docs/install/docker-compose.md`, relative to the output. */
export function markdownTwinFile(path: string): string {
  return markdownTwinOf(path).slice(1);
}

/** A doc's twin, from its source as it is now (doc-markdown.ts): the build writes it, the dev server answers it. */
export async function docTwin(route: RouteDefinition, source?: string): Promise<string | undefined> {
  if (route.data.kind !== 'doc' || !route.contentFile) return undefined;
  return docMarkdown(source ?? (await readFile(route.contentFile, 'utf8')), route.data.title, route.data.hasOwnTitle);
}

/** Classes of the article's elements that are the site's, not the page's. */
const CHROME_CLASSES = ['doc-meta-row', 'toc-mobile', 'pagination-nav', 'doc-footer', 'version-banner', 'page-actions', 'tabs', 'hash-link', 'code-copy'];
const CHROME_TAGS = ['button', 'nav', 'script', 'style', 'svg'];

export function markdownOfPage(page: Pick<RenderedPage, 'appHtml'>): string | undefined {
  const article = articleOf(page.appHtml);
  return article === undefined ? undefined : markdownOfArticle(article);
}

/** Bumped when the conversion changes: cached twins are made again. */
const CONVERSION = 1;

/** Writes API pages' twins as their pages are written; `done` waits for the last. */
export interface ApiTwinWriter {
  add(page: Pick<RenderedPage, 'appHtml' | 'route'>): void;
  done(): Promise<void>;
}

/** Articles per message to the conversion worker. */
const TWIN_BATCH = 8;

/**
 * API pages' twins, each kept in `cacheDir` by a hash of its article, so a warm build of a big API reference
 * converts only the pages that changed. The conversion (about 10 ms an article, hast to mdast to Markdown) runs
 * `here`, in the calling thread (a render worker, already one of several), or on a `worker` thread of its own,
 * while the main thread renders the next pages.
 */
export function createApiTwinWriter(outDir: string, cacheDir: string, thread: 'here' | 'worker'): ApiTwinWriter {
  const pending: Promise<void>[] = [];
  let batch: { article: string; done: (markdown: string) => void; failed: (error: Error) => void }[] = [];
  let pool: WorkerPool<string[], string[]> | undefined;
  /** Set by `done`: from then on an article goes to the worker as soon as its cache was looked up. */
  let closing = false;
  const ready = mkdir(cacheDir, { recursive: true });
  const flush = () => {
    if (!batch.length) return;
    const jobs = batch;
    batch = [];
    pool ??= createWorkerPool<string[], string[]>(workerUrl('twin-worker', import.meta.url), {}, 1);
    pool.run(jobs.map((job) => job.article)).then(
      (markdown) => jobs.forEach((job, i) => job.done(markdown[i]!)),
      (error: Error) => jobs.forEach((job) => job.failed(error)),
    );
  };
  const convert = (article: string): Promise<string> => {
    if (thread === 'here') return Promise.resolve(markdownOfArticle(article));
    const converted = new Promise<string>((done, failed) => batch.push({ article, done, failed }));
    if (batch.length >= TWIN_BATCH || closing) flush();
    return converted;
  };
  const write = async (path: string, article: string) => {
    const cached = join(cacheDir, `${createHash('sha256').update(`${CONVERSION}\0${article}`).digest('hex').slice(0, 32)}.md`);
    let markdown = await readFile(cached, 'utf8').catch(() => undefined);
    if (markdown === undefined) {
      markdown = await convert(article);
      await ready;
      await writeFile(cached, markdown);
    }
    const file = join(outDir, markdownTwinFile(path));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, markdown);
  };
  return {
    add(page) {
      if (!isApiPage(page.route) || !hasMarkdownTwin(page.route)) return;
      const article = articleOf(page.appHtml);
      if (article === undefined) return;
      const written = write(page.route.path, article);
      written.catch(() => {}); // reported by `done`, not as an unhandled rejection meanwhile
      pending.push(written);
    },
    async done() {
      closing = true;
      flush();
      try {
        await Promise.all(pending);
      } finally {
        await pool?.close();
      }
    },
  };
}

/** Only the article is converted: the rest of a page (sidebars of hundreds of links) is most of its HTML. */
function articleOf(html: string): string | undefined {
  const start = html.indexOf('<article');
  const end = html.lastIndexOf('</article>');
  return start < 0 || end < start ? undefined : html.slice(start, end + '</article>'.length);
}

export function markdownOfArticle(html: string): string {
  // A highlighted code block is a span per token: its text alone is what Markdown keeps, and parsing the spans
  // was most of the time.
  const article = html.replace(/(<pre\b[^>]*>)([\s\S]*?)(<\/pre>)/g, (_all, open: string, inner: string, close: string) => `${open}<code>${inner.replace(/<[^>]*>/g, '')}</code>${close}`);
  // parse5 without source positions, then hast: six times faster than hast-util-from-html, which tracks them.
  const tree = hastFromParse5().fromParse5(parse5().parseFragment(article)) as Root;
  prepare(tree);
  return `${mdastToMarkdown().toMarkdown(hastToMdast().toMdast(tree), { extensions: [gfmToMarkdown()], bullet: '-', fences: true, rule: '-' }).trim()}\n`;
}

/** Drops the chrome, names each tab panel, and gives code blocks the language their wrapper names. */
function prepare(node: Root | Element): void {
  node.children = node.children.filter((child) => child.type !== 'element' || !isChrome(child)) as typeof node.children;
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const classes = classesOf(child);
    if (child.properties.role === 'tabpanel') {
      // hidden panels print too: every tab's content, under its name.
      delete child.properties.hidden;
      const label = String(child.properties.dataLabel ?? '');
      if (label) child.children.unshift({ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'element', tagName: 'strong', properties: {}, children: [{ type: 'text', value: label }] }] });
    }
    const language = classes.find((name) => name.startsWith('language-'));
    if (language && classes.includes('code-block')) {
      const code = findCode(child);
      if (code) code.properties.className = [language];
    }
    prepare(child);
  }
}

function isChrome(element: Element): boolean {
  return CHROME_TAGS.includes(element.tagName) || classesOf(element).some((name) => CHROME_CLASSES.includes(name));
}

function classesOf(element: Element): string[] {
  const value = element.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? (value as string).split(/\s+/) : [];
}

function findCode(node: Nodes): Element | undefined {
  if (node.type === 'element' && node.tagName === 'code') return node;
  if (!('children' in node)) return undefined;
  for (const child of node.children as ElementContent[]) {
    const found = findCode(child);
    if (found) return found;
  }
  return undefined;
}
