import type { TagSummary } from '../../src/shared/types';

/** Every tag with its count, grouped under its first letter (the blog's and the docs' tag pages). */
export function TagsIndex({ tags }: { tags: TagSummary[] }) {
  const groups = new Map<string, TagSummary[]>();
  for (const tag of tags) {
    const letter = tag.label.charAt(0).toLocaleUpperCase('en');
    groups.set(letter, [...(groups.get(letter) ?? []), tag]);
  }
  return (
    <div className="tags-index">
      {[...groups.entries()].map(([letter, group]) => (
        <section key={letter} className="tags-letter">
          <h2 id={`letter-${letter.codePointAt(0)}`}>{letter}</h2>
          <ul>
            {group.map((tag) => (
              <li key={tag.permalink}>
                <a className="tag" href={tag.permalink} title={tag.description}>
                  {tag.label}
                  <span className="tag-count">{tag.count}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
