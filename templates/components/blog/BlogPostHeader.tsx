import type { BlogAuthorData, BlogPostSummary } from '../../../src/shared/types';
import { isoDate } from '../../lib/dates';
import { useDateFormat, useThemeString } from '../../context/site';

/** Title (a link in lists, the h1 on the post), date, reading time and author cards. */
export function BlogPostHeader({ post, asLink, showTitle = true }: { post: BlogPostSummary; asLink: boolean; showTitle?: boolean }) {
  const t = useThemeString();
  const formatDate = useDateFormat();
  const Heading = asLink ? 'h2' : 'h1';
  return (
    <header className="blog-post-header">
      {showTitle && <Heading className="blog-post-title">{asLink ? <a href={post.permalink}>{post.title}</a> : post.title}</Heading>}
      <div className="blog-post-meta">
        <time dateTime={isoDate(post.date)}>{formatDate(post.date, { year: 'numeric', month: 'long', day: 'numeric' })}</time>
        {post.readingTime !== undefined && <span> · {post.readingTime}{` ${t('min read')}`}</span>}
      </div>
      {post.authors.length > 0 && (
        <ul className="blog-authors">
          {post.authors.map((author) => (
            <li key={author.name}>
              <AuthorCard author={author} />
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}

/** An author's picture (or initials), name and title; the name links to the author's page, else to their `url`. */
export function AuthorCard({ author }: { author: BlogAuthorData }) {
  const name = author.pagePermalink ? (
    <a href={author.pagePermalink} rel="author">
      {author.name}
    </a>
  ) : author.url ? (
    <a href={author.url} rel="author noopener noreferrer" target={/^https?:/.test(author.url) ? '_blank' : undefined}>
      {author.name}
    </a>
  ) : (
    author.name
  );
  return (
    <div className="blog-author">
      {author.imageUrl ? (
        <img className="blog-author-image" src={author.imageUrl} alt="" width={40} height={40} loading="lazy" />
      ) : (
        <span className="blog-author-image blog-author-initials" aria-hidden="true">
          {author.name
            .split(/\s+/)
            .map((part) => part[0])
            .slice(0, 2)
            .join('')}
        </span>
      )}
      <div>
        <div className="blog-author-name">{name}</div>
        {author.title && <div className="blog-author-title">{author.title}</div>}
      </div>
    </div>
  );
}
