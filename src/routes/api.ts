import type { SiteConfig } from '../config/schema';
import type { ApiReference } from '../content/openapi';
import type { CompiledMarkdown } from '../markdown/compile';
import { generatedRoute, type RouteDefinition } from './route';

// The API reference -> the introduction route (with the site's introduction Markdown as its body,
// when there is one), one route per operation and one per shared schema, all in the API sidebar.

export function apiRoutes(api: ApiReference | undefined, config: SiteConfig, compiled: Map<string, CompiledMarkdown>): RouteDefinition[] {
  if (!api) return [];
  const { trailingSlash } = config;
  // The introduction is the page's body whenever the site has one, compiled or not yet: in dev, what is
  // compiled at a given moment must never decide what a page shows (the route asks for its body to be compiled).
  const introduction = api.introduction;
  const compiledIntroduction = introduction && compiled.get(introduction.absolutePath);
  const intro = api.intro.data;
  const introToc = compiledIntroduction ? [...compiledIntroduction.toc, ...intro.toc] : intro.toc;
  return [
    generatedRoute(api.basePath, { ...intro, toc: introToc }, trailingSlash, {
      ...(introduction ? { contentFile: introduction.absolutePath } : {}),
      sidebarId: api.sidebarId,
      source: api.introduction?.source ?? api.intro.source,
      ...(intro.description ? { description: intro.description } : {}),
      // Without an introduction Markdown, its description and tag names stand for its text.
      search: { kind: 'api', sections: [{ heading: '', id: '', text: [intro.description, ...intro.tags.map((tag) => tag.name)].filter(Boolean).join('. ') }] },
    }),
    ...api.operations.map((operation) =>
      generatedRoute(operation.path, operation.data, trailingSlash, {
        sidebarId: api.sidebarId,
        source: api.intro.source,
        ...(operation.data.description ? { description: operation.data.description } : {}),
        // One entry per operation: its summary as the title, then method and path, id, description and parameter names.
        search: { kind: 'api', sections: [{ heading: '', id: '', text: operation.searchText }] },
      }),
    ),
    ...api.schemas.map((schema) =>
      generatedRoute(schema.path, schema.data, trailingSlash, {
        sidebarId: api.sidebarId,
        source: api.intro.source,
        ...(schema.data.description ? { description: schema.data.description } : {}),
        search: { kind: 'api', sections: [{ heading: '', id: '', text: schema.searchText }] },
      }),
    ),
  ];
}
