import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClientAssets } from '../bundle/bundle';
import type { RouteDefinition } from '../routes';
import type { RouteManifest } from '../shared/types';
import { withBase } from '../shared/url';

/**
 * The route manifest the runtime navigates with (path -> chunk, chunk -> its stylesheets), written under a
 * content-hashed name; returns its URL.
 */
export async function writeRouteManifest(outDir: string, routes: RouteDefinition[], assets: ClientAssets, base: string): Promise<string> {
  const manifest: RouteManifest = { routes: {}, notFound: '', styles: {} };
  for (const route of routes) {
    const routeAssets = assets.routes.get(route.path)!;
    const url = withBase(base, `/${routeAssets.chunk}`);
    if (routeAssets.styles.length) manifest.styles![url] = routeAssets.styles.map((file) => withBase(base, `/${file}`));
    if (route.data.kind === 'notFound') manifest.notFound = url;
    else manifest.routes[route.path] = url;
  }
  const json = JSON.stringify(manifest);
  const name = `assets/manifest-${createHash('sha256').update(json).digest('hex').slice(0, 8)}.json`;
  await writeFile(join(outDir, name), json);
  return withBase(base, `/${name}`);
}
