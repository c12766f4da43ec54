import type { RouteDefinition } from '../routes';
import type { PageKind } from '../shared/types';

// How many pages a run rendered, and of which kinds: build and check-links print the same figures.

export interface PageCount {
  total: number;
  byKind: Partial<Record<PageKind, number>>;
}

export function countPages(routes: RouteDefinition[]): PageCount {
  const byKind: PageCount['byKind'] = {};
  for (const route of routes) byKind[route.data.kind] = (byKind[route.data.kind] ?? 0) + 1;
  return { total: routes.length, byKind };
}

const KIND_NAMES: Record<PageKind, [one: string, many: string]> = {
  doc: ['doc', 'docs'],
  generatedIndex: ['category index', 'category indexes'],
  docsTags: ['docs tag list', 'docs tag lists'],
  docsTagDocs: ['docs tag page', 'docs tag pages'],
  blogPost: ['blog post', 'blog posts'],
  blogList: ['blog list page', 'blog list pages'],
  blogTagPosts: ['blog tag page', 'blog tag pages'],
  blogTags: ['blog tag list', 'blog tag lists'],
  blogAuthorPosts: ['blog author page', 'blog author pages'],
  blogAuthors: ['blog author list', 'blog author lists'],
  blogArchive: ['blog archive', 'blog archives'],
  page: ['standalone page', 'standalone pages'],
  apiIntro: ['API introduction', 'API introductions'],
  apiOperation: ['API operation', 'API operations'],
  apiSchema: ['API schema', 'API schemas'],
  search: ['search page', 'search pages'],
  notFound: ['not-found page', 'not-found pages'],
  redirect: ['redirect', 'redirects'],
};

/** "150 docs, 60 API operations, 3 redirects, …", largest first. */
export function describePageKinds(count: PageCount): string {
  return Object.entries(count.byKind)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, n]) => `${n} ${KIND_NAMES[kind as PageKind][n === 1 ? 0 : 1]}`)
    .join(', ');
}

/** The pages of several builds (a site's locales) together. */
export function sumPages(counts: PageCount[]): PageCount {
  const byKind: PageCount['byKind'] = {};
  for (const count of counts) for (const [kind, n] of Object.entries(count.byKind)) byKind[kind as PageKind] = (byKind[kind as PageKind] ?? 0) + n;
  return { total: counts.reduce((sum, count) => sum + count.total, 0), byKind };
}
