import lunr from 'lunr';
import type { CompiledMarkdown } from '../markdown/compile';
import type { SearchDoc } from '../shared/search';
import type { RouteDefinition } from '../routes';

// The search index: one entry per page intro and per heading section, so a hit can open the
// exact section. Titles and headings are boosted above body text.

export interface SearchIndex {
  docs: SearchDoc[];
  index: object;
}

const MAX_SECTION_TEXT = 4000;

export function buildSearchIndex(routes: RouteDefinition[], compiled: Map<string, CompiledMarkdown>, href: (path: string) => string): SearchIndex {
  const docs: SearchDoc[] = [];
  for (const route of routes) {
    const data = route.data;
    if (data.kind !== 'doc' || data.unlisted) continue;
    const page = compiled.get(data.id);
    if (!page) continue;
    const url = href(route.path);
    for (const section of page.sections) {
      if (!section.heading && !section.text) continue;
      docs.push({
        t: data.title,
        ...(section.heading ? { h: section.heading } : {}),
        u: section.id ? `${url}#${section.id}` : url,
        b: section.text.slice(0, MAX_SECTION_TEXT),
        k: data.kind,
      });
    }
  }
  const index = lunr(function () {
    this.ref('i');
    this.field('t', { boost: 10 });
    this.field('h', { boost: 5 });
    this.field('b');
    docs.forEach((doc, i) => this.add({ i: String(i), t: doc.t, h: doc.h ?? '', b: doc.b }));
  });
  return { docs, index: index.toJSON() };
}
