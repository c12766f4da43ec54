import type { ReactElement } from 'react';
import type { TocItem } from '../../../src/shared/types';

// `<TOCInline toc={toc} />` in a Markdown page: the page's headings as a nested list of links, within
// `minHeadingLevel`..`maxHeadingLevel` (Docusaurus's defaults: 2..3). The compiled page defines `toc` itself
// (src/markdown/compile.ts, withTocExport); elsewhere, without a `toc` list, it renders nothing.
export default function TOCInline({ toc, minHeadingLevel = 2, maxHeadingLevel = 3, className }: { toc?: readonly TocItem[]; minHeadingLevel?: number; maxHeadingLevel?: number; className?: string }) {
  const items = (Array.isArray(toc) ? toc : []).filter((item) => item.level >= minHeadingLevel && item.level <= maxHeadingLevel);
  if (!items.length) return null;
  return <div className={['toc-inline', className].filter(Boolean).join(' ')}>{nestedList(items, 0)}</div>;
}

/** The items as a list at their highest level, each with its deeper items below it. */
function nestedList(items: readonly TocItem[], start: number): ReactElement {
  const level = Math.min(...items.slice(start).map((item) => item.level));
  const entries: ReactElement[] = [];
  let index = start;
  while (index < items.length) {
    const item = items[index]!;
    let next = index + 1;
    while (next < items.length && items[next]!.level > level) next++;
    entries.push(
      <li key={item.id}>
        <a href={`#${item.id}`}>{item.value}</a>
        {next > index + 1 && nestedList(items.slice(index + 1, next), 0)}
      </li>,
    );
    index = next;
  }
  return <ul>{entries}</ul>;
}
