import type { TagData } from '../../src/shared/types';

/** The tags of a doc or post, as links to their tag pages. */
export function TagList({ tags, label = 'Tags:' }: { tags: TagData[]; label?: string }) {
  if (!tags.length) return null;
  return (
    <div className="tag-list">
      <b className="tag-list-label">{label}</b>
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
