import { pathToFileURL } from 'node:url';
import type { SearchFiles } from '../shared/search';
import type { ShellInput } from '../../templates/shell';
import type { PageModule, RootProps } from '../../templates/types';
import { DocsiteError } from '../errors';
import type { RouteDefinition } from '../routes';
import type { BootData, SiteData } from '../shared/types';
import { withBase } from '../shared/url';
import type { ClientAssets } from './bundle';

export interface RenderedPage {
  route: RouteDefinition;
  /** The React output alone (what the link checker reads). */
  appHtml: string;
  /** The whole document. */
  html: string;
}

interface ServerBundle {
  renderApp(props: RootProps): string;
  renderShell(input: ShellInput): string;
  routes: PageModule[];
}

export async function loadServerBundle(file: string): Promise<ServerBundle> {
  return (await import(pathToFileURL(file).href)) as ServerBundle;
}

/** Renders routes to HTML documents. */
export function renderRoutes(server: ServerBundle, routes: RouteDefinition[], indexes: number[], site: SiteData, assets: ClientAssets, manifestUrl: string, options: { liveReload?: boolean; search?: SearchFiles } = {}): RenderedPage[] {
  const asset = (path: string) => withBase(site.baseUrl, `/${path}`);
  return indexes.map((index) => {
    const route = routes[index]!;
    const page = server.routes[index]!;
    let appHtml: string;
    try {
      appHtml = server.renderApp({ site, path: route.path, page });
    } catch (error) {
      throw new DocsiteError(`could not render ${route.path}: ${(error as Error).message}`, route.source ? { file: route.source } : undefined, { cause: error });
    }
    const routeAssets = assets.routes[index]!;
    const boot: BootData = { path: route.path, chunk: asset(routeAssets.chunk), manifest: manifestUrl, base: site.baseUrl, ...(options.search ? { search: options.search } : {}) };
    const html = server.renderShell({
      site,
      title: route.data.title,
      ...(route.description ? { description: route.description } : {}),
      ...(route.data.kind === 'doc' ? { canonical: site.url + route.data.permalink } : {}),
      ...(route.noindex ? { noindex: true } : {}),
      ...(route.data.kind === 'redirect' ? { refreshTo: route.data.to } : {}),
      appHtml,
      boot,
      entryScript: asset(assets.entry),
      preloads: [...assets.entryImports, routeAssets.chunk, ...routeAssets.imports].map(asset),
      styles: assets.styles.map(asset),
      ...(options.liveReload ? { liveReload: true } : {}),
    });
    return { route, appHtml, html };
  });
}
