import type { TagData } from '../../src/shared/types';
import { useThemeString } from '../context/site';

/** The tags of a doc or post, as links to their tag pages. */
export function TagList({ tags, label }: { tags: TagData[]; label?: string }) {
  const t = useThemeString();
  if (!tags.length) return null;
  return (
    <div className="tag-list">
      <b className="tag-list-label">{label ?? t('Tags:')}</b>
      <ul>
        {tags.map((tag) => (
          <li key={tag.permalink}>
            <a className="tag" href={tag.permalink} rel="tag">
              {tag.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
