import type { BlogAuthorPostsPageData, BlogListPageData, BlogTagPostsPageData } from '../../src/shared/types';
import { BlogLayout } from '../components/blog/BlogLayout';
import { AuthorCard, BlogPostHeader } from '../components/blog/BlogPostHeader';
import { Paginator } from '../components/Paginator';
import { TagList } from '../components/TagList';
import { contentComponents } from '../mdx';
import type { RootProps } from '../types';
import { useThemeString } from '../context/site';

/** `/blog` and its pages, and the posts of one tag or one author: each post's excerpt with a link to the rest. */
export function BlogListPage({ path, page }: RootProps) {
  const t = useThemeString();
  const data = page.data as BlogListPageData | BlogTagPostsPageData | BlogAuthorPostsPageData;
  return (
    <BlogLayout path={path} {...(data.sidebar ? { sidebar: data.sidebar } : {})}>
      {data.kind === 'blogTagPosts' ? (
        <header className="blog-list-header">
          <h1>{data.title}</h1>
          {data.tag.description && <p>{data.tag.description}</p>}
          <a href={data.allTagsPath}>{t('View all tags')}</a>
        </header>
      ) : data.kind === 'blogAuthorPosts' ? (
        <header className="blog-list-header">
          <h1 className="sr-only">{data.title}</h1>
          <AuthorCard author={{ ...data.author, pagePermalink: undefined }} />
          <p>
            {data.author.count} post{data.author.count === 1 ? '' : 's'} · <a href={data.allAuthorsPath}>{t('View all authors')}</a>
          </p>
        </header>
      ) : (
        <h1 className="sr-only">{data.title}</h1>
      )}
      {data.posts.map((post, index) => {
        const Excerpt = page.excerpts?.[index];
        return (
          <article key={post.permalink} className="blog-list-item">
            <BlogPostHeader post={post} asLink />
            <div className="markdown">{Excerpt && <Excerpt components={contentComponents(page)} />}</div>
            {(post.tags.length > 0 || post.truncated) && (
              <footer className="blog-post-footer">
                <TagList tags={post.tags} />
                {post.truncated && (
                  <a className="read-more" href={post.permalink} aria-label={`Read more about ${post.title}`}>
                    {t('Read more')}
                  </a>
                )}
              </footer>
            )}
          </article>
        );
      })}
      <Paginator pagination={data.pagination} label="Blog list page navigation" />
    </BlogLayout>
  );
}
