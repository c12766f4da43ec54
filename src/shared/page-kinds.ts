import type { PageKind } from './types';

// Which theme component renders each kind of page: the module under `templates/pages/` and its export.
//
// A route's chunk imports the component of its own kind (as `docsite:page/<kind>`), so a page loads the code
// of its kind and not that of every other: a docs page never downloads the API reference's schema tree or the
// blog's layouts. A new page kind is a loader output, a component in templates/pages/, a line here, and a
// route entry.

export interface PageComponentRef {
  /** File name under templates/pages/, without `.tsx`. */
  file: string;
  /** The component's export name in that file. */
  name: string;
}

export const PAGE_COMPONENTS: Record<PageKind, PageComponentRef> = {
  doc: { file: 'DocPage', name: 'DocPage' },
  notFound: { file: 'NotFoundPage', name: 'NotFoundPage' },
  redirect: { file: 'RedirectPage', name: 'RedirectPage' },
  search: { file: 'SearchPage', name: 'SearchPage' },
  blogPost: { file: 'BlogPostPage', name: 'BlogPostPage' },
  blogList: { file: 'BlogListPage', name: 'BlogListPage' },
  blogTagPosts: { file: 'BlogListPage', name: 'BlogListPage' },
  blogTags: { file: 'BlogTagsPage', name: 'BlogTagsPage' },
  blogAuthorPosts: { file: 'BlogListPage', name: 'BlogListPage' },
  blogAuthors: { file: 'BlogAuthorsPage', name: 'BlogAuthorsPage' },
  blogArchive: { file: 'BlogArchivePage', name: 'BlogArchivePage' },
  docsTags: { file: 'DocsTagsPages', name: 'DocsTagsPage' },
  docsTagDocs: { file: 'DocsTagsPages', name: 'DocsTagDocsPage' },
  generatedIndex: { file: 'GeneratedIndexPage', name: 'GeneratedIndexPage' },
  page: { file: 'StandalonePage', name: 'StandalonePage' },
  apiOperation: { file: 'ApiOperationPage', name: 'ApiOperationPage' },
  apiSchema: { file: 'ApiSchemaPage', name: 'ApiSchemaPage' },
  apiIntro: { file: 'ApiIntroPage', name: 'ApiIntroPage' },
};

/** The module a route's chunk imports its page component from. */
export function pageComponentId(kind: PageKind): string {
  return `docsite:page/${kind}`;
}
