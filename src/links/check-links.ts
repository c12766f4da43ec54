import type { SourcedLink } from '../config/locate';
import { DocsiteError } from '../core/errors';
import type { OutgoingLink } from '../markdown/plugins/links';
import type { RouteDefinition } from '../routes';
import { isExternalUrl, routeKey, stripBase, withBase } from '../shared/url';

// The link checker works on rendered HTML, so links from the navbar, footer, sidebar and
// components are checked as well as those written in Markdown. It is a pure function of the
// rendered pages and the list of files the output holds; policy (throw, warn) is the caller's.

export interface PageLinks {
  route: RouteDefinition;
  /** Every href of an <a> in the page body. */
  hrefs: string[];
  /** Every id in the page body. */
  ids: Set<string>;
  /** Links written in the page's source, with positions, to name where a broken link comes from. */
  sourceLinks?: SourceLink[];
}

/** A link written in Markdown: in the page's own file, or in a partial it imports (`file`, site-relative). */
export interface SourceLink extends OutgoingLink {
  file?: string;
}

/** Where a link was found: the page's source file and line when the link is written there. */
export interface LinkLocation {
  /** Site-relative source file of the page, or its route for generated pages. */
  source: string;
  line?: number;
  column?: number;
  /** The route of the page that carries the link. */
  page: string;
  /** The page has a source file but the link is not in it: the theme or a component rendered it. */
  theme?: boolean;
  /** The link was written in the config or a sidebars file (`source`), and shown by the theme on `page` and others. */
  chrome?: boolean;
  /** How many pages show a link reported once for them all (a link of the theme or the chrome), when more than one. */
  pages?: number;
}

export interface LinkProblem extends LinkLocation {
  href: string;
  reason: string;
  kind: 'link' | 'anchor' | 'external';
}

export type BrokenLink = LinkProblem;

/** An http(s) link of the site and every place that has it; checked only on request (check-links --external). */
export interface ExternalLink {
  /** Absolute URL without its fragment (the fragment never reaches the server). */
  url: string;
  /** The href as written in the page. */
  href: string;
  locations: LinkLocation[];
}

export interface LinkCheckResult {
  /** Pages whose links were checked (redirect pages have none of their own). */
  pages: number;
  /** Internal links checked: each distinct href once per page. */
  links: number;
  broken: LinkProblem[];
  /** Links that work on some hosts only (a case difference). */
  warnings: LinkProblem[];
  external: ExternalLink[];
}

export interface CheckOptions {
  base: string;
  /**
   * The base URLs of the site's other locales (with the site's base URL), in a site of several: a link into one
   * (the language menu's, hreflang) is that locale's page, which its own build checks.
   */
  otherLocales?: readonly string[];
  /** Paths (no base, leading slash) of files in the output that are not routes: static files, assets, generated files. */
  files: Set<string>;
  /**
   * Links the navbar, footer, announcement bar and sidebars put on pages, with where the config or sidebars
   * file wrote them (`chromeLinksOf`): a broken one is reported there, once, not on every page showing it.
   */
  chromeLinks?: readonly SourcedLink[];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** An attribute value as React escaped it, unescaped. */
export function decodeEntities(value: string): string {
  // Most hrefs and ids have no entity: no replace to run (a large site's pages repeat a thousand sidebar links each).
  return value.includes('&') ? value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity]!) : value;
}

/**
 * hrefs of `<a>` elements and ids of rendered HTML (React's output: attributes double-quoted, one space
 * apart). A plain scan, not a regular expression: every page of a large site repeats its sidebar's
 * hundreds of links. `intern` (one map per build) makes the pages share one string per distinct href.
 */
export function extractLinks(html: string, intern?: Map<string, string>): { hrefs: string[]; ids: Set<string> } {
  const value = (start: number): string => {
    const raw = attributeValueAt(html, start);
    if (!intern) return detached(decodeEntities(raw));
    let shared = intern.get(raw);
    if (shared === undefined) {
      shared = detached(decodeEntities(raw));
      intern.set(detached(raw), shared);
    }
    return shared;
  };
  const hrefs = hrefStarts(html).map(value);
  const ids = new Set<string>();
  for (const start of idStarts(html)) ids.add(value(start));
  return { hrefs, ids };
}

/**
 * Where the value of each `<a>` element's href starts in rendered HTML: every ` href="` whose tag, the last `<`
 * before it, is `<a` and a space. The value, as written (entities and all), runs to the next `"` (attributeValueAt).
 */
export function hrefStarts(html: string): number[] {
  const starts: number[] = [];
  // Found by `href="`, the space before it checked: V8 looks for a pattern shorter than 7 characters by its first one,
  // and 'h' is rarer in HTML than a space. On a page of the 10,000-doc corpus (1,089 hrefs), finding them took
  // 0.037 ms this way, 0.062 ms by ` href="`.
  for (let at = html.indexOf('href="', 1); at !== -1; at = html.indexOf('href="', at + 6)) {
    if (html.charCodeAt(at - 1) !== 32) continue;
    const tag = html.lastIndexOf('<', at);
    if (html.charCodeAt(tag + 1) === 97 /* a */ && isSpace(html.charCodeAt(tag + 2))) starts.push(at + 6);
  }
  return starts;
}

/** Where the value of each ` id="` of rendered HTML starts, on any element. */
export function idStarts(html: string): number[] {
  const starts: number[] = [];
  for (let at = html.indexOf(' id="'); at !== -1; at = html.indexOf(' id="', at + 5)) starts.push(at + 5);
  return starts;
}

/** The attribute value that starts at `start`, as written: up to the next `"` (a view into the HTML: see detached). */
export function attributeValueAt(html: string, start: number): string {
  return html.slice(start, html.indexOf('"', start));
}

/**
 * A copy of a string cut from a page's HTML. V8 represents a slice of a long string as a view into it:
 * kept for the link check, a single href would keep its whole page in memory (on a 5,000-page site,
 * every page: ~1 GB).
 */
export function detached(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

// Any origin works: it only lets URL resolve relative hrefs against the page's path.
const PLACEHOLDER_ORIGIN = 'http://docsite.invalid';

/** Schemes that name no page: never checked, never reported. */
function isCheckable(href: string): 'internal' | 'external' | false {
  if (!href) return false;
  if (/^https?:/i.test(href) || href.startsWith('//')) return 'external';
  return isExternalUrl(href) ? false : 'internal';
}

export function checkPageLinks(pages: PageLinks[], options: CheckOptions): LinkCheckResult {
  const targets = new LinkTargets(pages, options.files);
  const result: LinkCheckResult = { pages: 0, links: 0, broken: [], warnings: [], external: [] };
  const external = new ExternalLinks();
  const chrome = chromeIndex(options.chromeLinks ?? []);
  // A link many pages show (the theme's, the chrome's) is one problem, wherever it is found again.
  const reported = new Map<string, LinkProblem>();
  // A site-absolute href means the same on every page (a large sidebar repeats hundreds on each): once.
  const absolute = new Map<string, Finding[]>();
  for (const page of pages) {
    // A generated redirect leads where the site's own pages are; a redirect of the config is its target, which
    // the config wrote (chrome-links.ts places it there).
    const redirect = page.route.data.kind === 'redirect';
    if (redirect && !page.route.configRedirect) continue;
    if (!redirect) result.pages++;
    const pageUrl = new URL(withBase(options.base, page.route.path), PLACEHOLDER_ORIGIN);
    for (const href of new Set(page.route.data.kind === 'redirect' ? [page.route.data.to] : page.hrefs)) {
      const checkable = isCheckable(href);
      if (checkable === 'external') {
        external.add(href, locationsOf(page, href, chrome));
        continue;
      }
      if (!checkable) continue;
      result.links++;
      const sameEverywhere = href.startsWith('/') && !href.startsWith('//');
      let findings = sameEverywhere ? absolute.get(href) : undefined;
      if (!findings) {
        findings = inOtherLocale(href, pageUrl, options.base, options.otherLocales) ? [] : resolveInternalLink(href, pageUrl, options.base, targets);
        if (sameEverywhere) absolute.set(href, findings);
      }
      if (!findings.length) continue;
      for (const location of locationsOf(page, href, chrome)) {
        for (const finding of findings) {
          const key = `${locationKey(location, href)}\0${href}\0${finding.reason}`;
          const known = reported.get(key);
          if (known) {
            known.pages = (known.pages ?? 1) + 1;
            continue;
          }
          const problem: LinkProblem = { ...location, href, reason: finding.reason, kind: finding.kind };
          reported.set(key, problem);
          (finding.warning ? result.warnings : result.broken).push(problem);
        }
      }
    }
  }
  result.external = external.list();
  return result;
}

/** The broken links alone, for callers that need no counts. */
export function findBrokenLinks(pages: PageLinks[], options: CheckOptions): LinkProblem[] {
  return checkPageLinks(pages, options).broken;
}

interface Finding {
  kind: 'link' | 'anchor';
  reason: string;
  /** A warning, not a broken link. */
  warning?: boolean;
}

/** Routes and files a link can lead to, looked up exactly and, to spot case mistakes, in lowercase. */
class LinkTargets {
  private readonly byPath: Map<string, PageLinks>;
  private readonly byLowerPath = new Map<string, PageLinks>();
  private readonly lowerFiles = new Map<string, string>();

  constructor(pages: PageLinks[], private readonly files: Set<string>) {
    this.byPath = new Map(pages.map((page) => [page.route.path, page]));
    // Twins are left out: a link whose case matches no route exactly should name the canonical page.
    for (const page of pages) if (!page.route.caseAliasOf) this.byLowerPath.set(page.route.path.toLowerCase(), page);
    for (const file of files) this.lowerFiles.set(file.toLowerCase(), file);
  }

  page(path: string): PageLinks | undefined {
    return this.byPath.get(path);
  }

  pageIgnoringCase(path: string): PageLinks | undefined {
    return this.byLowerPath.get(path.toLowerCase());
  }

  hasFile(path: string): boolean {
    return this.files.has(path);
  }

  fileIgnoringCase(path: string): string | undefined {
    return this.lowerFiles.get(path.toLowerCase());
  }

  /** The page whose ids an anchor names: a lowercase twin forwards to its canonical page. */
  anchorTarget(page: PageLinks): PageLinks {
    return (page.route.caseAliasOf && this.byPath.get(page.route.caseAliasOf)) || page;
  }
}

/** Whether a link leads into another locale: the locale whose base URL is the longest prefix of its path is not this one. */
function inOtherLocale(href: string, pageUrl: URL, base: string, otherLocales: readonly string[] | undefined): boolean {
  if (!otherLocales?.length) return false;
  let path: string;
  try {
    path = new URL(href, pageUrl).pathname;
  } catch {
    return false;
  }
  const depth = (prefix: string) => {
    const folder = prefix.replace(/\/?$/, '/');
    return path.startsWith(folder) || `${path}/` === folder ? folder.length : -1;
  };
  const own = depth(base);
  return otherLocales.some((other) => depth(other) > own);
}

/** What is wrong with one internal href, if anything: nothing, a broken link or anchor, a case warning. */
function resolveInternalLink(href: string, pageUrl: URL, base: string, targets: LinkTargets): Finding[] {
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return [{ kind: 'link', reason: 'not a valid URL' }];
  }
  const path = stripBase(base, url.pathname);
  if (path === undefined) return [{ kind: 'link', reason: `outside the base URL ${base}` }];
  const key = routeKey(path);
  const file = safeDecodeUri(path);

  const exact = targets.page(key);
  if (exact) return anchorFindings(url, targets.anchorTarget(exact));
  if (targets.hasFile(file)) return [];

  const findings: Finding[] = [];
  const differentCase = targets.pageIgnoringCase(key);
  if (differentCase) {
    findings.push({ kind: 'link', reason: caseWarning('page', differentCase.route.path), warning: true });
    return [...findings, ...anchorFindings(url, differentCase)];
  }
  const fileInOtherCase = targets.fileIgnoringCase(file);
  if (fileInOtherCase) return [{ kind: 'link', reason: caseWarning('file', fileInOtherCase), warning: true }];
  return [{ kind: 'link', reason: /\.mdx?$/i.test(key) ? 'no doc at this file path' : 'no such page' }];
}

function caseWarning(what: 'page' | 'file', canonical: string): string {
  return `the ${what} is ${canonical}: the link works only on hosts with case-insensitive paths`;
}

function anchorFindings(url: URL, target: PageLinks): Finding[] {
  if (url.hash.length <= 1) return [];
  const id = safeDecodeComponent(url.hash.slice(1));
  return target.ids.has(id) ? [] : [{ kind: 'anchor', reason: `no heading or element with id "${id}" on ${target.route.path}` }];
}

function safeDecodeUri(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}

function safeDecodeComponent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** External links by URL, each with the places that have it (each place once). */
class ExternalLinks {
  private readonly byUrl = new Map<string, { link: ExternalLink; places: Map<string, LinkLocation> }>();

  add(href: string, found: LinkLocation[]): void {
    let url: URL;
    try {
      // Protocol-relative links are fetched the way a reader on the https site would follow them.
      url = new URL(href, 'https://docsite.invalid');
    } catch {
      return;
    }
    url.hash = '';
    const key = url.href;
    let entry = this.byUrl.get(key);
    if (!entry) this.byUrl.set(key, (entry = { link: { url: key, href, locations: [] }, places: new Map() }));
    // A link of the theme or the chrome is on many pages, but found (and fixed) in one place.
    for (const location of found) {
      const place = locationKey(location, href);
      const known = entry.places.get(place);
      if (known) {
        known.pages = (known.pages ?? 1) + 1;
        continue;
      }
      const copy = { ...location };
      entry.places.set(place, copy);
      entry.link.locations.push(copy);
    }
  }

  list(): ExternalLink[] {
    return [...this.byUrl.values()].map((entry) => entry.link);
  }
}

function chromeIndex(links: readonly SourcedLink[]): Map<string, SourcedLink[]> {
  const byHref = new Map<string, SourcedLink[]>();
  for (const link of links) {
    const list = byHref.get(link.href) ?? [];
    if (!list.some((known) => known.source === link.source && known.line === link.line && known.column === link.column)) list.push(link);
    byHref.set(link.href, list);
  }
  return byHref;
}

/**
 * What makes two findings of one href the same problem: the place it was written (a page's line, a line of
 * the config); for a link the theme rendered, nothing but the href, unless it is relative to the page.
 */
function locationKey(location: LinkLocation, href: string): string {
  if (location.line || location.chrome) return `${location.source}:${location.line ?? ''}:${location.column ?? ''}`;
  const absolute = href.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(href);
  return absolute ? 'theme' : `theme:${location.page}`;
}

/**
 * Every place that wrote the href: the page's source, and the config or sidebars file when the chrome shows
 * it; else the page itself, which the theme rendered it on.
 */
function locationsOf(page: PageLinks, href: string, chrome: Map<string, SourcedLink[]>): LinkLocation[] {
  const pagePath = page.route.path;
  const source = page.route.source;
  const written = source ? (page.sourceLinks ?? []).filter((link) => link.href === href) : [];
  const fromChrome: LinkLocation[] = (chrome.get(href) ?? []).map((link) => ({ source: link.source, ...(link.line ? { line: link.line, column: link.column ?? 1 } : {}), page: pagePath, chrome: true }));
  if (!source || !written.length) return fromChrome.length ? fromChrome : [source ? { source, page: pagePath, theme: true } : { source: pagePath, page: pagePath }];
  const seen = new Set<string>();
  const locations: LinkLocation[] = [];
  for (const link of written) {
    const key = `${link.file ?? ''}:${link.line}:${link.column}`;
    if (seen.has(key)) continue;
    seen.add(key);
    locations.push({ source: link.file ?? source, page: pagePath, ...(link.line ? { line: link.line, column: link.column ?? 1 } : {}) });
  }
  return [...locations, ...fromChrome];
}

/**
 * "docs/x.md:12:5", "docsite.config.ts:9:45", "docs/x.md (theme)" or the route of a generated page; a link
 * the theme shows on many pages says how many ("docs/x.md (theme, on 12 pages)").
 */
export function formatLocation(location: LinkLocation): string {
  if (location.line) return `${location.source}:${location.line}${location.column ? `:${location.column}` : ''}`;
  if (location.chrome) return location.source;
  const pages = location.pages && location.pages > 1 ? `on ${location.pages} pages` : '';
  if (location.theme) return `${location.source} (theme${pages ? `, ${pages}` : ''})`;
  return pages ? `${location.source} (${pages})` : location.source;
}

export function formatBrokenLink(link: LinkProblem): string {
  return `${formatLocation(link)}  ->  ${link.href}  (${link.reason})`;
}

export function brokenLinksError(links: LinkProblem[]): DocsiteError {
  const first = links[0]!;
  return new DocsiteError(
    `${links.length} broken link${links.length === 1 ? '' : 's'} found`,
    { file: first.source, ...(first.line ? { line: first.line } : {}), ...(first.column ? { column: first.column } : {}) },
    { details: links.map(formatBrokenLink) },
  );
}
