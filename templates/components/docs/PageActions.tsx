import { useEffect, useId, useRef, useState } from 'react';
import { useThemeString } from '../../context/site';

// "Copy page" on doc and API pages: copies the page's `.md` twin (src/emit/markdown-twins.ts), for pasting into a
// chat with a language model or an issue. The menu beside it opens the Markdown itself.

/** The `.md` twin's URL of the page at `href` (`/docs/install/` -> `/docs/install.md`). */
export function markdownUrlOf(href: string): string {
  return `${href.replace(/\/+$/, '') || '/index'}.md`;
}

export function PageActions({ href }: { href: string }) {
  const t = useThemeString();
  const [copied, setCopied] = useState(false);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const markdown = markdownUrlOf(href);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

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
