import type { PageKind } from '../../src/shared/types';
import type { RootProps } from '../types';
import { DocPage } from './DocPage';
import { NotFoundPage } from './NotFoundPage';
import { RedirectPage } from './RedirectPage';
import { SearchPage } from './SearchPage';

// One entry per page kind. A new page kind is a loader output, a component here, and a route entry.
export const pageComponents: Record<PageKind, (props: RootProps) => React.ReactNode> = {
  doc: DocPage,
  notFound: NotFoundPage,
  redirect: RedirectPage,
  search: SearchPage,
};
