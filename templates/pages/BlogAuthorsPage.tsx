import type { BlogAuthorsPageData } from '../../src/shared/types';
import { BlogLayout } from '../components/blog/BlogLayout';
import { AuthorCard } from '../components/blog/BlogPostHeader';
import type { RootProps } from '../types';

/** `/blog/authors`: each author with the number of posts they wrote (the name links to their page, if they have one). */
export function BlogAuthorsPage({ path, page }: RootProps) {
  const data = page.data as BlogAuthorsPageData;
  return (
    <BlogLayout path={path} {...(data.sidebar ? { sidebar: data.sidebar } : {})}>
      <h1>{data.title}</h1>
      <ul className="blog-authors blog-authors-index">
        {data.authors.map((author) => (
          <li key={author.name}>
            <AuthorCard author={author} />
            <span className="tag-count">{author.count}</span>
          </li>
        ))}
      </ul>
    </BlogLayout>
  );
}
