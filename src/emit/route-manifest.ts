import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClientAssets } from '../bundle/bundle';
import type { RouteDefinition } from '../routes';
import type { SearchFiles } from '../shared/search';
import type { RouteManifest } from '../shared/types';
import { assetUrl, withBase } from '../shared/url';

/**
 * The route manifest's file: the same name in every build. Pages name it in their boot data, and a name that changed
 * with every edit (a content hash) changed every page's HTML with it, so that an edit to one page rewrote them all.
 * Outside `assets/`, which servers may cache for good: the runtime asks for it with `cache: 'no-cache'`.
 */
const MANIFEST_FILE = 'route-manifest.json';

function routeManifestUrl(base: string): string {
  return withBase(base, `/${MANIFEST_FILE}`);
}

/**
 * Writes the route manifest the runtime navigates with (path -> chunk, or for a page of static content its frame and
 * content file; chunk -> its stylesheets; the runtime entry the chunks run with; the search files); returns its URL.
 */
export async function writeRouteManifest(outDir: string, routes: RouteDefinition[], assets: ClientAssets, base: string, search: SearchFiles | undefined): Promise<string> {
  const manifest: RouteManifest = { routes: {}, notFound: '', styles: {}, runtime: assetUrl(base, assets.entry.entry), ...(search ? { search } : {}) };
  // The frames (a handful: one per sidebar or cut of it) are listed once; a route names its frame's index.
  const frames = new Map<string, number>();
  const frameIndex = (url: string) => {
    let index = frames.get(url);
    if (index === undefined) frames.set(url, (index = frames.size));
    return index;
  };
  for (const route of routes) {
    const routeAssets = assets.routes.get(route.path)!;
    const url = withBase(base, `/${routeAssets.chunk}`);
    if (routeAssets.styles.length) manifest.styles![url] = routeAssets.styles.map((file) => withBase(base, `/${file}`));
    if (route.data.kind === 'notFound') manifest.notFound = url;
    else manifest.routes[route.path] = routeAssets.frame ? [frameIndex(withBase(base, `/${routeAssets.frame}`)), url] : url;
  }
  if (frames.size) manifest.frames = [...frames.keys()];
  await writeFile(join(outDir, MANIFEST_FILE), JSON.stringify(manifest));
  return routeManifestUrl(base);
}
