import type { TocItem } from '../../src/shared/types';

interface TocNode extends TocItem {
  children: TocNode[];
}

/** Nests the flat heading list: each heading goes under the nearest preceding shallower one. */
export function nestToc(items: TocItem[]): TocNode[] {
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of items) {
    const node: TocNode = { ...item, children: [] };
    while (stack.length && stack.at(-1)!.level >= node.level) stack.pop();
    (stack.length ? stack.at(-1)!.children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

function TocList({ nodes }: { nodes: TocNode[] }) {
  return (
    <ul className="toc-list">
      {nodes.map((node) => (
        <li key={node.id}>
          <a className="toc-link" href={`#${node.id}`}>
            {node.value}
          </a>
          {node.children.length > 0 && <TocList nodes={node.children} />}
        </li>
      ))}
    </ul>
  );
}

export function TableOfContents({ toc }: { toc: TocItem[] }) {
  return (
    <nav aria-label="Table of contents" className="toc">
      <div className="toc-title">On this page</div>
      <TocList nodes={nestToc(toc)} />
    </nav>
  );
}
