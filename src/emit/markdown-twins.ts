import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Element, ElementContent, Nodes, Root } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import { parseFragment } from 'parse5';
import { toMdast } from 'hast-util-to-mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import type { RenderedPage } from '../render/render';
import type { RouteDefinition } from '../routes';
import { markdownTwinOf } from '../shared/url';
import { docMarkdown } from './doc-markdown';

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

/** Every doc's `.md` twin, from its source (the render stage wrote the API pages'). */
export async function docMarkdownTwins(routes: RouteDefinition[]): Promise<{ file: string; contents: string }[]> {
  const docs = routes.filter((route) => route.data.kind === 'doc' && hasMarkdownTwin(route));
  const twins = await Promise.all(docs.map(async (route) => ({ file: markdownTwinFile(route.path), contents: await docTwin(route) })));
  return twins.filter((twin): twin is { file: string; contents: string } => twin.contents !== undefined);
}

/** A doc's twin, from its source as it is now (doc-markdown.ts): the build writes it, the dev server answers it. */
export async function docTwin(route: RouteDefinition): Promise<string | undefined> {
  if (route.data.kind !== 'doc' || !route.contentFile) return undefined;
  return docMarkdown(await readFile(route.contentFile, 'utf8'), route.data.title, route.data.hasOwnTitle);
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

/**
 * As markdownOfPage, with the twin kept in `cacheDir` by a hash of the article: a warm build of a big API
 * reference converts only the pages that changed.
 */
export async function cachedMarkdownOfPage(page: Pick<RenderedPage, 'appHtml'>, cacheDir: string): Promise<string | undefined> {
  const article = articleOf(page.appHtml);
  if (article === undefined) return undefined;
  const file = join(cacheDir, `${createHash('sha256').update(`${CONVERSION}\0${article}`).digest('hex').slice(0, 32)}.md`);
  const cached = await readFile(file, 'utf8').catch(() => undefined);
  if (cached !== undefined) return cached;
  const markdown = markdownOfArticle(article);
  await mkdir(cacheDir, { recursive: true });
  await writeFile(file, markdown);
  return markdown;
}

/** Only the article is converted: the rest of a page (sidebars of hundreds of links) is most of its HTML. */
function articleOf(html: string): string | undefined {
  const start = html.indexOf('<article');
  const end = html.lastIndexOf('</article>');
  return start < 0 || end < start ? undefined : html.slice(start, end + '</article>'.length);
}

function markdownOfArticle(html: string): string {
  // A highlighted code block is a span per token: its text alone is what Markdown keeps, and parsing the spans
  // was most of the time.
  const article = html.replace(/(<pre\b[^>]*>)([\s\S]*?)(<\/pre>)/g, (_all, open: string, inner: string, close: string) => `${open}<code>${inner.replace(/<[^>]*>/g, '')}</code>${close}`);
  // parse5 without source positions, then hast: six times faster than hast-util-from-html, which tracks them.
  const tree = fromParse5(parseFragment(article)) as Root;
  prepare(tree);
  return `${toMarkdown(toMdast(tree), { extensions: [gfmToMarkdown()], bullet: '-', fences: true, rule: '-' }).trim()}\n`;
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
