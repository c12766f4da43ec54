import type { SiteConfig } from '../config/schema';
import type { ApiReference } from '../content/openapi';
import type { CompiledMarkdown } from '../markdown/compile';
import { firstFreeSlug } from '../content/openapi/slug';
import { SECURITY_SCHEMES_COMPONENT, type ApiIntroPageData } from '../shared/api';
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
  const intro = compiledIntroduction ? withIntroduction(api.intro.data, compiledIntroduction) : api.intro.data;
  return [
    generatedRoute(api.basePath, intro, trailingSlash, {
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

/**
 * The introduction page with the site's Markdown: its headings first in the TOC, then the generated sections. One
 * heading per subject: an introduction that lists the security schemes itself (`<ApiSecuritySchemes />` in its
 * own section on authentication) gets no generated section for them, and one with a section of the generated
 * section's title (or id) gets the generated list as "Security schemes", so the page never has two alike.
 */
function withIntroduction(intro: ApiIntroPageData, compiled: CompiledMarkdown): ApiIntroPageData {
  const { securitySection, ...rest } = intro;
  const generatedToc = intro.toc.filter((item) => item.id !== securitySection?.id);
  if (!securitySection || compiled.globalComponents?.includes(SECURITY_SCHEMES_COMPONENT)) return { ...rest, toc: [...compiled.toc, ...generatedToc] };
  const clashes = compiled.toc.some((item) => item.id === securitySection.id || item.value.trim().toLowerCase() === securitySection.title.toLowerCase());
  const section = clashes ? { id: firstFreeSlug('security-schemes', (id) => compiled.headingIds.includes(id)), title: 'Security schemes' } : securitySection;
  const toc = intro.toc.map((item) => (item.id === securitySection.id ? { ...item, id: section.id, value: section.title } : item));
  return { ...rest, securitySection: section, toc: [...compiled.toc, ...toc] };
}
