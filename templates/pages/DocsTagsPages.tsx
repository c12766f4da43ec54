import type { DocsTagDocsPageData, DocsTagsPageData } from '../../src/shared/types';
import { TagsIndex } from '../components/TagsIndex';
import type { RootProps } from '../types';
import { useThemeString } from '../context/site';

// The docs' tag pages: every tag, and the docs of one tag.

export function DocsTagsPage({ page }: RootProps) {
  const data = page.data as DocsTagsPageData;
  return (
    <main id="main-content" className="container tags-page">
      <h1>{data.title}</h1>
      <TagsIndex tags={data.tags} />
    </main>
  );
}

export function DocsTagDocsPage({ page }: RootProps) {
  const t = useThemeString();
  const data = page.data as DocsTagDocsPageData;
  return (
    <main id="main-content" className="container tags-page">
      <header>
        <h1>{data.title}</h1>
        {data.tag.description && <p>{data.tag.description}</p>}
        <a href={data.allTagsPath}>{t('View all tags')}</a>
      </header>
      <ul className="tag-doc-list">
        {data.docs.map((doc) => (
          <li key={doc.permalink}>
            <a href={doc.permalink}>
              <h2>{doc.title}</h2>
              {doc.description && <p>{doc.description}</p>}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
