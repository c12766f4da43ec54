import { useId, useState } from 'react';
import type { TocItem } from '../../src/shared/types';
import { Collapsible } from './Collapsible';
import { useSite, useThemeString } from '../context/site';
import { useActiveHeading } from '../hooks/use-active-heading';

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

function TocList({ nodes, active, onNavigate }: { nodes: TocNode[]; active?: string | undefined; onNavigate?: () => void }) {
  return (
    <ul className="toc-list">
      {nodes.map((node) => (
        <li key={node.id}>
          <a className={node.id === active ? 'toc-link active' : 'toc-link'} href={`#${node.id}`} onClick={onNavigate} {...(node.id === active ? { 'aria-current': 'location' as const } : {})}>
            {node.value}
          </a>
          {node.children.length > 0 && <TocList nodes={node.children} active={active} onNavigate={onNavigate} />}
        </li>
      ))}
    </ul>
  );
}

export function TableOfContents({ toc }: { toc: TocItem[] }) {
  const t = useThemeString();
  // The heading being read is marked as the reader scrolls (the column is beside the text, always in view).
  const { readingAids } = useSite();
  const active = useActiveHeading(readingAids.tocHighlight ? toc.map((item) => item.id) : []);
  return (
    <nav aria-label={t('Table of contents')} className="toc">
      <div className="toc-title">{t('On this page')}</div>
      <TocList nodes={nestToc(toc)} active={active} />
    </nav>
  );
}

/** Narrow screens have no TOC column: the same list folds into a box above the content. */
export function TableOfContentsCollapsible({ toc }: { toc: TocItem[] }) {
  const t = useThemeString();
  const [collapsed, setCollapsed] = useState(true);
  const id = useId();
  return (
    <div className={`toc-mobile${collapsed ? '' : ' open'}`}>
      <button type="button" className="toc-mobile-button" aria-expanded={!collapsed} aria-controls={id} onClick={() => setCollapsed(!collapsed)}>
        {t('On this page')}
      </button>
      <Collapsible id={id} collapsed={collapsed} className="toc-mobile-items">
        <TocList nodes={nestToc(toc)} onNavigate={() => setCollapsed(true)} />
      </Collapsible>
    </div>
  );
}
