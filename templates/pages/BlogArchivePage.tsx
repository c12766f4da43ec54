import type { BlogArchivePageData } from '../../src/shared/types';
import { isoDate } from '../lib/dates';
import type { RootProps } from '../types';
import { useDateFormat, useThemeString } from '../context/site';

export function BlogArchivePage({ page }: RootProps) {
  const t = useThemeString();
  const formatDate = useDateFormat();
  const data = page.data as BlogArchivePageData;
  return (
    <main id="main-content" className="container blog-archive">
      <header className="blog-archive-header">
        <h1>{data.title}</h1>
        <p>{t('Every post, newest first.')}</p>
      </header>
      {data.years.map(({ year, posts }) => (
        <section key={year} className="blog-archive-year">
          <h2 id={`year-${year}`}>{year}</h2>
          <ul>
            {posts.map((post) => (
              <li key={post.permalink}>
                <time dateTime={isoDate(post.date)}>{formatDate(post.date, { month: 'short', day: 'numeric' })}</time>
                <a href={post.permalink}>{post.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
