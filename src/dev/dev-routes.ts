import type { RouteManifest } from '../shared/types';
import { withBase } from '../shared/url';
import type { RouteDefinition } from '../routes';
import type { DevBundles, RouteBuild } from './dev-bundles';
import { DevSite } from './dev-site';

// Which version of each route the dev server has built, and which changed since. Every route has a
// stable id (its URLs) and a version that moves whenever what it is made of changes, so the browser
// never takes an old module for the new one.

interface RouteEntry {
  id: number;
  version: number;
  /** What the last build was made of; empty when the route has not been built since it changed. */
  signature: string;
  build?: Promise<RouteBuild>;
  /** Files the last build read (React pages, components, stylesheets). */
  inputs: Set<string>;
}

export interface BuiltRoute {
  route: RouteDefinition;
  /** The route table the route was built from. */
  routes: RouteDefinition[];
  built: RouteBuild;
}

export class DevRoutes {
  private readonly entries = new Map<string, RouteEntry>();
  private nextId = 1;
  /** Markdown keys whose last compile failed: retried on every change, kept out of updates. */
  readonly failedKeys = new Set<string>();

  constructor(
    private readonly site: DevSite,
    private readonly bundles: DevBundles,
  ) {}

  private entryOf(path: string): RouteEntry {
    let entry = this.entries.get(path);
    if (!entry) this.entries.set(path, (entry = { id: this.nextId++, version: 1, signature: '', inputs: new Set() }));
    return entry;
  }

  /** The path of the route with this id, if it still exists. */
  pathOf(id: number): string | undefined {
    for (const [path, entry] of this.entries) if (entry.id === id) return path;
    return undefined;
  }

  /**
   * Compiles what the route shows, then bundles it unless its current version is built already. `need`: what the
   * caller waits for, the whole page (both bundles at once) or the browser's chunk (Node's bundle after it).
   */
  async build(path: string, need: 'page' | 'chunk' = 'page'): Promise<BuiltRoute> {
    const first = this.site.routes().find((candidate) => candidate.path === path);
    if (!first) throw new Error(`no route ${path}`);
    const keys = DevSite.keysOf(first);
    try {
      await this.site.compile(keys);
      keys.forEach((key) => this.failedKeys.delete(key));
    } catch (error) {
      keys.forEach((key) => this.failedKeys.add(key));
      throw error;
    }
    // What the page quotes of other pages: a broken one leaves its description out, as the build would fail on it.
    if (first.readsFrom?.length) await this.site.compileWhatCompiles(first.readsFrom);
    // The table as of now, with this route's Markdown compiled: the bundles are made from exactly it.
    const routes = this.site.routes();
    const route = routes.find((candidate) => candidate.path === path);
    if (!route) throw new Error(`no route ${path}`);
    const entry = this.entryOf(path);
    const signature = this.site.signatureOf(route);
    if (entry.signature !== signature || !entry.build) {
      if (entry.build) entry.version++;
      entry.signature = signature;
      const build = this.bundles.buildRoute(this.site.bundleInputs(routes), route, entry.id, entry.version, { nodeAfterBrowser: need === 'chunk' });
      entry.build = build;
      const failed = () => {
        if (entry.build === build) {
          entry.build = undefined;
          entry.signature = '';
          // Node keeps a module that threw while loading under its URL: the retry must be a new file.
          entry.version++;
        }
      };
      build.then((built) => {
        entry.inputs = built.inputs;
        built.page.catch(failed);
      }, failed);
    }
    return { route, routes, built: await entry.build };
  }

  /** path -> chunk URL of every route, built or not (chunks are built when fetched). */
  manifest(base: string, only?: ReadonlySet<string>): RouteManifest & { routes: Record<string, string> } {
    // No page of static content here (the dev server bundles every page's content): every route has a chunk.
    const manifest: RouteManifest & { routes: Record<string, string> } = { routes: {}, notFound: '' };
    for (const route of this.site.routes()) {
      if (only && !only.has(route.path)) continue;
      const entry = this.entryOf(route.path);
      const url = withBase(base, `/__docsite/r/${entry.id}/route.js?v=${entry.version}`);
      if (route.data.kind === 'notFound') manifest.notFound = url;
      else manifest.routes[route.path] = url;
    }
    return manifest;
  }

  /** The chunk URL (its current version) of each of these routes that still exists. */
  chunkUrls(paths: readonly string[], base: string): Record<string, string> {
    return this.manifest(base, new Set(paths)).routes;
  }

  /**
   * Starts bundling these routes now, before a browser asks: the page an author just saved is open,
   * and asks for its new chunk as soon as it hears of it. A failure of the browser's files is left for that
   * request to report; one of Node's module (which nobody asks for before the next full load) is reported here.
   */
  prebuild(paths: readonly string[], onServerError: (error: unknown) => void): void {
    for (const path of paths) {
      this.build(path, 'chunk').then(
        ({ built }) => built.page.catch(onServerError),
        () => undefined,
      );
    }
  }

  /** After a theme or config change: everything is bundled again on request. */
  forgetBuilds(): void {
    for (const entry of this.entries.values()) {
      entry.build = undefined;
      entry.signature = '';
    }
  }

  /**
   * Routes sent to a browser whose output changed since (open pages showing them refresh), and
   * routes that no longer exist. Each changed route gets a new version right away, so the manifest
   * the browser fetches next names a new module.
   */
  changed(files: string[]): string[] {
    const routes = new Map(this.site.routes().map((route) => [route.path, route]));
    const changed: string[] = [];
    for (const [path, entry] of this.entries) {
      const route = routes.get(path);
      if (!route) {
        this.entries.delete(path);
        this.bundles.forgetRoute(path);
        changed.push(path);
        continue;
      }
      // Not built since its last change: it is built fresh when asked for.
      if (!entry.signature) continue;
      const touched = files.some((file) => entry.inputs.has(file));
      if (!touched && this.site.signatureOf(route) === entry.signature) continue;
      // Broken Markdown keeps its last good chunk: the overlay says what is wrong.
      if (DevSite.keysOf(route).some((key) => this.failedKeys.has(key))) continue;
      entry.version++;
      entry.build = undefined;
      entry.signature = '';
      changed.push(path);
    }
    return changed;
  }
}
