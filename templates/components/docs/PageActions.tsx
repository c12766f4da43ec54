import { useId, useRef, useState } from 'react';
import { useDismiss } from '../../hooks/use-dismiss';
import { markdownTwinOf } from '../../../src/shared/url';
import { useThemeString } from '../../context/site';

// "Copy page" on doc and API pages: copies the page's `.md` twin (src/emit/markdown-twins.ts), for pasting into a
// chat with a language model or an issue. The menu beside it opens the Markdown itself.

export function PageActions({ href }: { href: string }) {
  const t = useThemeString();
  const [copied, setCopied] = useState(false);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const markdown = markdownTwinOf(href);

  useDismiss(open, root, () => setOpen(false));

  const copy = async () => {
    const response = await fetch(markdown);
    if (!response.ok) return;
    await navigator.clipboard.writeText(await response.text());
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  return (
    <div className="page-actions" ref={root}>
      <button type="button" className="page-actions-copy" onClick={() => void copy()} aria-live="polite">
        {copied ? t('Copied') : t('Copy page')}
      </button>
      <button type="button" className="page-actions-toggle" aria-label={t('More ways to read this page')} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <path d="M7 10l5 5 5-5z" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <ul className="page-actions-menu" id={menuId}>
          <li>
            <a href={markdown} target="_blank" rel="noopener" onClick={() => setOpen(false)}>
              {t('View as Markdown')}
            </a>
          </li>
        </ul>
      )}
    </div>
  );
}
