import type { PageKind } from '../../src/shared/types';
import type { RootProps } from '../types';
import { ApiIntroPage } from './ApiIntroPage';
import { ApiOperationPage } from './ApiOperationPage';
import { BlogArchivePage } from './BlogArchivePage';
import { BlogListPage } from './BlogListPage';
import { BlogPostPage } from './BlogPostPage';
import { BlogTagsPage } from './BlogTagsPage';
import { DocPage } from './DocPage';
import { DocsTagDocsPage, DocsTagsPage } from './DocsTagsPages';
import { GeneratedIndexPage } from './GeneratedIndexPage';
import { NotFoundPage } from './NotFoundPage';
import { RedirectPage } from './RedirectPage';
import { SearchPage } from './SearchPage';
import { StandalonePage } from './StandalonePage';

// One entry per page kind. A new page kind is a loader output, a component here, and a route entry.
export const pageComponents: Record<PageKind, (props: RootProps) => React.ReactNode> = {
  doc: DocPage,
  notFound: NotFoundPage,
  redirect: RedirectPage,
  search: SearchPage,
  blogPost: BlogPostPage,
  blogList: BlogListPage,
  blogTagPosts: BlogListPage,
  blogTags: BlogTagsPage,
  blogArchive: BlogArchivePage,
  docsTags: DocsTagsPage,
  docsTagDocs: DocsTagDocsPage,
  generatedIndex: GeneratedIndexPage,
  page: StandalonePage,
  apiOperation: ApiOperationPage,
  apiIntro: ApiIntroPage,
};
