import type { BlogPostPageData } from '../../src/shared/types';
import { BlogLayout } from '../components/blog/BlogLayout';
import { BlogPostHeader } from '../components/blog/BlogPostHeader';
import { MarkdownBody } from '../components/MarkdownBody';
import { TableOfContentsCollapsible } from '../components/TableOfContents';
import { TagList } from '../components/TagList';
import type { RootProps } from '../types';
import { useThemeString } from '../context/site';

export function BlogPostPage({ path, page }: RootProps) {
  const t = useThemeString();
  const data = page.data as BlogPostPageData;
  const toc = data.hideTableOfContents ? [] : data.toc;
  return (
    <BlogLayout path={path} toc={toc} {...(data.sidebar ? { sidebar: data.sidebar } : {})}>
      <article className="blog-post">
        <BlogPostHeader post={data} asLink={false} showTitle={!data.hasOwnTitle} />
        {toc.length > 0 && <TableOfContentsCollapsible toc={toc} />}
        <MarkdownBody page={page} />
        <footer className="blog-post-footer">
          <TagList tags={data.tags} />
          {data.editUrl && (
            <a className="edit-link" href={data.editUrl} target="_blank" rel="noopener noreferrer">
              {t('Edit this page')}
            </a>
          )}
        </footer>
      </article>
      {(data.previous || data.next) && (
        <nav className="pagination-nav" aria-label="Blog post page navigation">
          {data.previous ? (
            <a className="pagination-link pagination-prev" href={data.previous.permalink}>
              <span className="pagination-label">{t('Newer post')}</span>
              <span className="pagination-title">« {data.previous.title}</span>
            </a>
          ) : (
            <span />
          )}
          {data.next && (
            <a className="pagination-link pagination-next" href={data.next.permalink}>
              <span className="pagination-label">{t('Older post')}</span>
              <span className="pagination-title">{data.next.title} »</span>
            </a>
          )}
        </nav>
      )}
    </BlogLayout>
  );
}
