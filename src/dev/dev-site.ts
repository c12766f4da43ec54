import { relative } from 'node:path';
import { createHash } from 'node:crypto';
import { CompileCache } from '../markdown/compile-cache';
import { compileMarkdown, createPartialCompiler, type MarkdownFile } from '../markdown/compile-files';
import { compileSetupOf, type CompileSetup } from '../markdown/compile-setup';
import { headContextOf } from '../render/head-context';
import type { VirtualModuleInputs } from '../bundle/virtual-modules';
import { loadContent, type SiteContent } from '../content';
import type { HeadContext } from '../render/render';
import { loadConfig } from '../config/load';
import type { SiteConfig } from '../config/schema';
import { loadApiReference, type ApiReference } from '../content/openapi';
import type { ParsedDocs } from '../content/docs';
import type { CompiledMarkdown } from '../markdown/compile';
import type { CompiledSources } from '../links/page-links';
import { routeTableOf, type RouteDefinition } from '../routes';
import type { LastUpdate, SiteData } from '../shared/types';
import { siteLastUpdates } from '../content/git';
import { getHighlighter } from '../highlight/highlighter';
import { createHref, createSiteData } from '../config/site-data';
import { localeNamed } from '../config/locales';
import { localeSiteConfig } from '../content/theme-translations';
import { patchBodyEdits } from './body-edits';

// The dev server's model of the site: config and content are read up front (cheap), Markdown is
// compiled only when a route that shows it is requested (or when its file changes), and the route
// table is recomputed from whatever is compiled so far. A background pass compiles the rest, so
// lists that quote other pages (tag pages, blog lists) and the search index fill in soon after.

export interface SiteSnapshot {
  config: SiteConfig;
  content: SiteContent;
  site: SiteData;
  href: (path: string) => string;
  head: HeadContext;
}

export class DevSite {
  private snapshot: SiteSnapshot | undefined;
  private api: Promise<ApiReference | undefined> | undefined;
  /** Git dates by docs folder (one per docs instance), read once per config. */
  /** Git's last-change dates, one `git log` for the site folder per config (they change with commits, not saves). */
  private lastUpdatesOf: (docsDir: string) => Promise<Map<string, LastUpdate>>;
  private setup: CompileSetup | undefined;
  /** Docs parsed by earlier loads: a save re-reads only the files the watcher reported. */
  private readonly parsedDocs: ParsedDocs = new Map();
  private setupKey = '';
  private readonly compiled = new Map<string, CompiledMarkdown>();
  /** Partials compiled for the route bundles built so far, by absolute path (a changed one is compiled again). */
  private readonly partials = new Map<string, CompiledMarkdown>();
  /** The text each compiled entry was compiled from: a mismatch means the entry is stale. */
  private readonly compiledFrom = new Map<string, string>();
  private readonly pending = new Map<string, Promise<void>>();
  private routeTable: RouteDefinition[] | undefined;
  /** The content's Markdown files by compiled-markdown key (made once per load). */
  private markdownByKey = new Map<string, MarkdownFile>();
  private readonly cache: CompileCache;

  /** `locale`: the locale `docsite dev --locale` serves; unset: the default one. */
  constructor(readonly siteDir: string, readonly locale?: string) {
    this.cache = new CompileCache(siteDir);
    this.lastUpdatesOf = siteLastUpdates(siteDir);
  }

  get loaded(): boolean {
    return this.snapshot !== undefined;
  }

  get current(): SiteSnapshot {
    if (!this.snapshot) throw new Error('docsite dev: the site is not loaded yet');
    return this.snapshot;
  }

  get compiledMarkdown(): Map<string, CompiledMarkdown> {
    return this.compiled;
  }

  /** Compile results of pages and of the partials they import, for the link check's positions. */
  get compiledSources(): CompiledSources {
    return { get: (file) => this.compiled.get(file) ?? this.partials.get(file) };
  }

  /**
   * (Re)reads config and content. `reloadApi` re-reads the OpenAPI document too; otherwise the last
   * one is reused. Throws on bad input and leaves the previous snapshot in place.
   */
  async load(options: { reloadConfig: boolean; reloadApi: boolean; config?: SiteConfig; changedFiles?: string[] }): Promise<void> {
    for (const file of options.changedFiles ?? []) this.parsedDocs.delete(file);
    if (this.snapshot && !options.reloadConfig && !options.reloadApi && !options.config && options.changedFiles) {
      const patched = await patchBodyEdits(this.snapshot.content, options.changedFiles, this.snapshot.config, this.parsedDocs);
      if (patched) {
        this.snapshot = { ...this.snapshot, content: patched };
        this.markdownByKey = new Map(patched.markdownFiles.map((file) => [file.key, file]));
        this.routeTable = undefined;
        return;
      }
    }
    const config = options.config ?? (options.reloadConfig || !this.snapshot ? await loadLocaleConfig(this.siteDir, this.locale) : this.snapshot.config);
    const href = createHref(config);
    const api = options.reloadApi || options.reloadConfig || !this.api ? loadApiReference(this.siteDir, config, href) : this.api;
    // A failed load must not stay cached: the next save retries it.
    // Git dates change with commits, not with saves: read once per config.
    if (options.reloadConfig) this.lastUpdatesOf = siteLastUpdates(this.siteDir);
    const content = await loadContent(this.siteDir, config, { includeDrafts: true, href, api, lastUpdatesOf: this.lastUpdatesOf, parsedDocs: this.parsedDocs });
    this.api = api;
    this.snapshot = { config, content, site: createSiteData(config, content.navDocs, content.themeTranslations, content.chromeTranslations), href, head: headContextOf(config, content) };
    this.markdownByKey = new Map(content.markdownFiles.map((file) => [file.key, file]));
    const setup = compileSetupOf(this.siteDir, config, content);
    const setupKey = JSON.stringify(setup);
    if (setupKey !== this.setupKey) {
      // Links are resolved at compile time against the file -> route table: a new or removed page
      // can change any page's links, so everything compiled is compiled again on demand.
      this.setup = setup;
      this.setupKey = setupKey;
      this.compiled.clear();
      this.compiledFrom.clear();
    }
    this.routeTable = undefined;
  }

  /** Loads what the first in-thread compile would otherwise wait for (the highlighter's grammars). */
  async warmUp(): Promise<void> {
    await getHighlighter();
  }

  /** The route table for what is compiled right now. */
  routes(): RouteDefinition[] {
    if (this.routeTable) return this.routeTable;
    const { config, content, href } = this.current;
    this.routeTable = routeTableOf(config, content, this.fresh(), href);
    return this.routeTable;
  }

  /** Compiled entries whose source is unchanged since they were compiled. */
  private fresh(): Map<string, CompiledMarkdown> {
    const files = this.markdownByKey;
    const fresh = new Map<string, CompiledMarkdown>();
    for (const [key, result] of this.compiled) {
      if (files.get(key)?.content === this.compiledFrom.get(key)) fresh.set(key, result);
    }
    return fresh;
  }

  /** Whether the entry for `key` is compiled from the file's current text. */
  isFresh(key: string): boolean {
    const file = this.markdownByKey.get(key);
    return !!file && this.compiled.has(key) && this.compiledFrom.get(key) === file.content;
  }

  /** Keys of every entry compiled before whose file text has changed since. */
  staleKeys(): string[] {
    const files = this.markdownByKey;
    return [...this.compiled.keys()].filter((key) => files.has(key) && files.get(key)!.content !== this.compiledFrom.get(key));
  }

  /** Compiles the given Markdown keys (those not fresh yet) in this thread. Throws the first compile error. */
  async compile(keys: string[]): Promise<void> {
    const files = this.markdownByKey;
    const wanted = keys.filter((key) => files.has(key) && !this.isFresh(key));
    await Promise.all(wanted.map((key) => this.compileOne(files.get(key)!)));
  }

  private compileOne(file: MarkdownFile): Promise<void> {
    const pendingKey = `${file.key}\0${file.content}`;
    let running = this.pending.get(pendingKey);
    if (!running) {
      const setup = this.setup!;
      running = compileMarkdown([file], setup, this.cache)
        .then(({ compiled }) => {
          // A reload may have swapped the setup while this compiled: keep only results for the current one.
          if (setup !== this.setup) return;
          this.compiled.set(file.key, compiled.get(file.key)!);
          this.compiledFrom.set(file.key, file.content);
          this.routeTable = undefined;
        })
        .finally(() => this.pending.delete(pendingKey));
      this.pending.set(pendingKey, running);
    }
    return running;
  }

  /** The Markdown keys a route renders: its body, and the excerpts a blog list shows. */
  /** Compiles the given keys like `compile`, but a file that fails is left out instead of failing the call. */
  async compileWhatCompiles(keys: string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => this.compile([key])));
  }

  static keysOf(route: RouteDefinition): string[] {
    return [...(route.contentFile ? [route.contentFile] : []), ...(route.excerptFiles ?? [])];
  }

  /**
   * Compiles everything not compiled yet on a worker thread, so requests keep being answered
   * meanwhile. Files that fail are skipped here: their errors surface when their page is opened.
   * Each compiles to a module, which a page opened later bundles as it is. (Compiled to HTML only, as a build compiles
   * docs, they would share the build's cache, but every page opened for the first time then compiled again in this
   * thread: 77 to 347 ms to open it on the 1000-page corpus, against 28 to 66 ms.)
   */
  async compileRest(): Promise<void> {
    const setup = this.setup!;
    const missing = this.current.content.markdownFiles.filter((file) => !this.isFresh(file.key));
    if (!missing.length) return;
    const { compiled } = await compileMarkdown(missing, setup, this.cache, { background: true });
    if (setup !== this.setup) return;
    for (const file of missing) {
      const result = compiled.get(file.key);
      // Kept only if the file's text did not change meanwhile.
      if (!result || this.markdownByKey.get(file.key)?.content !== file.content) continue;
      this.compiled.set(file.key, result);
      this.compiledFrom.set(file.key, file.content);
    }
    this.routeTable = undefined;
  }

  /**
   * What a route bundle is made of. A new object each time: CSS modules are compiled once per
   * inputs object, and a page's stylesheet may have changed since the route was last bundled.
   */
  bundleInputs(routes: RouteDefinition[]): VirtualModuleInputs {
    const { site, content } = this.current;
    return { site, routes, sidebars: content.sidebars, compiled: this.compiled, siteDir: this.siteDir, compilePartial: createPartialCompiler(this.setup!, this.cache, this.partials), customCss: this.current.config.customCss, customFields: this.current.config.customFields };
  }

  /** Everything a route's chunk is made of, hashed: when it changes, open pages showing the route refresh. */
  signatureOf(route: RouteDefinition): string {
    const hash = createHash('sha256').update(JSON.stringify(route.data));
    if (route.sidebarId) hash.update(JSON.stringify(this.current.content.sidebars[route.sidebarId] ?? null));
    for (const key of DevSite.keysOf(route)) {
      // dev compiles modules: `code` is there (`html` only for the type, which a build's HTML-only compile shares).
      const compiled = this.isFresh(key) ? this.compiled.get(key)! : undefined;
      hash.update(compiled ? (compiled.code ?? compiled.html ?? '') : `uncompiled ${key}`);
    }
    return hash.digest('hex');
  }
}

/** The site's config as one locale's build sees it (`docsite dev --locale`): an error names the locales there are. */
export async function loadLocaleConfig(siteDir: string, locale: string | undefined): Promise<SiteConfig> {
  const { config, configFile } = await loadConfig(siteDir);
  if (locale === undefined) return config;
  localeNamed(config, locale, relative(siteDir, configFile));
  return localeSiteConfig(siteDir, config, locale);
}
