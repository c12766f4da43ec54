import type { BlogTagsPageData } from '../../src/shared/types';
import { BlogLayout } from '../components/blog/BlogLayout';
import { TagsIndex } from '../components/TagsIndex';
import type { RootProps } from '../types';

export function BlogTagsPage({ path, page }: RootProps) {
  const data = page.data as BlogTagsPageData;
  return (
    <BlogLayout path={path} {...(data.sidebar ? { sidebar: data.sidebar } : {})}>
      <h1>{data.title}</h1>
      <TagsIndex tags={data.tags} />
    </BlogLayout>
  );
}
